import { useApp } from '../context';
import { describeInterrupted } from '../pending-ingests';
import { FILE_INPUT_ID } from './DropZone';

/** Names the files a closed or reloaded page was still adding; their File objects are gone, so the user adds them again. */
export function InterruptedNotice() {
  const { state, store } = useApp();
  const text = describeInterrupted(state.interrupted);
  if (!text) return null;
  return (
    <div className="notices">
      <div className="notice info" role="status" data-testid="interrupted-notice">
        <span>
          {text}{' '}
          <button className="link" onClick={() => document.getElementById(FILE_INPUT_ID)?.click()}>
            Add them again
          </button>
        </span>
        <button aria-label="Dismiss" onClick={() => store.jobs.dismissInterrupted()}>
          ×
        </button>
      </div>
    </div>
  );
}
