// The first script of a signed-in page, which the server sends in two parts, its head
// at once and its body once rendered (servers/http/app-pages.ts): the app (main.tsx)
// and the files it needs load once the browser has painted what the server wrote.
// Named in the head as usual, the app would arrive while the server still renders,
// and the browser would compile it before its first paint: on a 2-core machine, the
// rows showed 150–300 ms later.
const script = document.querySelector<HTMLScriptElement>('script[data-app]');
const app = script?.dataset.app;
if (app) {
  const preload = (script?.dataset.preload ?? '').split(' ').filter(Boolean);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preload) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    void import(/* @vite-ignore */ app);
  };
  // After the first paint: the task that follows the first frame's animation callbacks. A hidden tab
  // paints no frame, and a page whose styles never come paints none either: the timer starts it then.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 1000);
}
