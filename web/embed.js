// cardfit's optional embed helper (a few hundred bytes): an <iframe> of cardfit grows to the
// height of the page inside it, which posts {type: 'cardfit:height', height} (CSS px) to its
// parent whenever that changes (the one-column layout, below 760 CSS px). Two-column pages
// fill the iframe and scroll inside it: the iframe keeps the height the post gave it.
// Usage: <script src="https://YOUR-HOST/cardfit/embed.js" async></script> anywhere on the page.
(function () {
  window.addEventListener('message', function (e) {
    var d = e.data;
    if (!d || d.type !== 'cardfit:height' || typeof d.height !== 'number' || !(d.height > 0)) return;
    var frames = document.getElementsByTagName('iframe');
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow === e.source) {
        frames[i].style.height = Math.min(20000, Math.ceil(d.height)) + 'px';
      }
    }
  });
})();
