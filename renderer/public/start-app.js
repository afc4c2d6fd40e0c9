// Starts the app on a page the server rendered (server/http/marketing-pages.ts): the page is
// readable without JavaScript, so its code is fetched once the page has painted, never before the
// first paint. data-entry is the app's entry module; data-modules what it and the page import.
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var modules = (script.getAttribute('data-modules') || '').split(' ').filter(Boolean);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    modules.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
    document.head.appendChild(app);
  }
  // Once the first frame is on screen: the second frame's callback runs after the first was
  // presented (one frame's callback runs before its paint, and the paint reaches the screen later
  // still on a busy machine). A tab opened in the background paints no frames: start anyway.
  requestAnimationFrame(function () {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  });
  setTimeout(start, 1000);
})();
