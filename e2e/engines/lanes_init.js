// Run before the page's own scripts in every engine lane (WebKit host, Firefox bridge): stamps
// window.__readyAt with performance.now() (ms from the navigation's start) the moment
// <body data-ready> appears, as bench/_browser.py does in Chromium. Observes `document`: at
// document start there is no documentElement yet in Firefox.
(() => {
  const stamp = () => {
    if (window.__readyAt === undefined && document.body && document.body.hasAttribute("data-ready")) {
      window.__readyAt = performance.now();
    }
  };
  new MutationObserver(stamp).observe(document, {
    attributes: true, subtree: true, childList: true, attributeFilter: ["data-ready"],
  });
})();
