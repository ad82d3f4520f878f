import type { Page } from '@playwright/test';

/**
 * Records in the page, from its first script: the long tasks (`window.__longTasks`) and the scripts that ran
 * in the long animation frames (`window.__frameScripts`, invoker, file and function), so that a bench can tell
 * our own code from MapLibre's frame callbacks.
 */
export async function recordLongTasksInPage(page: Page): Promise<void> {
  // tsx names the functions of the evaluated code with `__name`: an identity in the page.
  await page.addInitScript({ content: 'window.__name = (target) => target;' });
  await page.addInitScript(() => {
    const tasks: { start: number; duration: number }[] = [];
    (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
    const scripts: { start: number; duration: number; label: string }[] = [];
    (window as unknown as { __frameScripts: typeof scripts }).__frameScripts = scripts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        scripts: {
          startTime: number;
          duration: number;
          invoker: string;
          sourceURL: string;
          sourceFunctionName: string;
        }[];
      }[]) {
        for (const script of entry.scripts) {
          const file =
            script.sourceURL
              .split('/')
              .pop()
              ?.replace(/-[\w-]{8}\.js$/, '') ?? '';
          scripts.push({
            start: script.startTime,
            duration: script.duration,
            label: `${script.invoker} (${file}${script.sourceFunctionName ? ` ${script.sourceFunctionName}` : ''})`,
          });
        }
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  });
}
