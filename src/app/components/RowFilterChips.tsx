import type { RowFilter } from '../pipeline-rows';
import { rowFilterChipClass, type RowFilterOption } from './row-filter-options';

interface Props {
  options: RowFilterOption[];
  filter: RowFilter;
  onChoose(filter: RowFilter): void;
}

/** Show: All / Kept / Filtered, then each reason, as radio chips with their counts. */
export function RowFilterChips({ options, filter, onChoose }: Props) {
  return (
    <fieldset className="row-filter" data-testid="row-filter">
      <legend className="small">Show</legend>
      {options.map((o, i) => (
        <label key={o.value} className={rowFilterChipClass(i, o.value, filter === o.value)}>
          <input type="radio" name="pipeline-filter" value={o.value} checked={filter === o.value} onChange={() => onChoose(o.value)} />
          {o.label} <span className="count">{o.count}</span>
        </label>
      ))}
    </fieldset>
  );
}
