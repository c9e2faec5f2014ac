/* Calltrack's tracking script (docs/tracking-api.md). Loaded by the snippet
 *   <script async src="https://<server>/tracking/mhct.js" data-vcam="<reference>"></script>
 * it reports the page view, shows the visitor their pool number in place of the numbers the
 * dynamic URL replaces (text and tel: links), and reports clicks on the account's
 * call-to-actions. The server decides everything (which number, the patterns to replace, which
 * call-to-actions apply here); this file only applies the answer. The visitor id lives in this
 * site's localStorage, nowhere else. */
(function () {
  'use strict';
  var script = document.currentScript;
  if (!script || !window.fetch || !window.URLSearchParams) return;
  var reference = script.getAttribute('data-vcam') || '';
  var origin = new URL(script.src, location.href).origin;
  var KEY = 'mhct_vid';

  function remembered() {
    try { return localStorage.getItem(KEY) || ''; } catch (e) { return ''; }
  }
  function remember(id) {
    try { localStorage.setItem(KEY, id); } catch (e) { /* private mode: a new visitor each time */ }
  }

  function swapText(patterns, display) {
    var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    var nodes = [];
    while (walker.nextNode()) nodes.push(walker.currentNode);
    nodes.forEach(function (node) {
      var parent = node.parentNode && node.parentNode.nodeName;
      if (parent === 'SCRIPT' || parent === 'STYLE') return;
      var text = node.nodeValue;
      patterns.forEach(function (p) { text = text.replace(p, display); });
      if (text !== node.nodeValue) node.nodeValue = text;
    });
  }

  function swapLinks(patterns, tel) {
    var links = document.querySelectorAll('a[href^="tel:"]');
    Array.prototype.forEach.call(links, function (link) {
      var number = decodeURIComponent(link.getAttribute('href').slice(4));
      if (patterns.some(function (p) { p.lastIndex = 0; return p.test(number); })) {
        link.setAttribute('href', 'tel:' + tel);
      }
    });
  }

  function report(answer, ctaId) {
    var body = new URLSearchParams({
      reference: reference,
      visitorId: answer.visitorId,
      visitId: String(answer.visitId),
      ctaId: String(ctaId),
      page: location.href
    });
    var url = origin + '/tracking/click';
    if (!(navigator.sendBeacon && navigator.sendBeacon(url, body))) {
      fetch(url, { method: 'POST', body: body, credentials: 'omit', keepalive: true }).catch(function () {});
    }
  }

  function watch(answer) {
    if (!answer.visitId || !answer.ctas.length) return;
    function matching(target, kind) {
      return answer.ctas.filter(function (cta) {
        if ((kind === 'submit') !== (cta.kind === 'form')) return false;
        try { return target.closest && target.closest(cta.selector); } catch (e) { return false; }
      });
    }
    document.addEventListener('click', function (event) {
      matching(event.target, 'click').forEach(function (cta) { report(answer, cta.id); });
    }, true);
    document.addEventListener('submit', function (event) {
      matching(event.target, 'submit').forEach(function (cta) { report(answer, cta.id); });
    }, true);
  }

  function apply(answer) {
    remember(answer.visitorId);
    if (answer.number) {
      var patterns = answer.replace.map(function (source) { return new RegExp(source, 'g'); });
      swapText(patterns, answer.number.display);
      swapLinks(patterns, answer.number.tel);
    }
    watch(answer);
    document.documentElement.setAttribute('data-mhct', answer.number ? 'swapped' : 'unchanged');
  }

  function start() {
    var body = new URLSearchParams({
      reference: reference,
      visitorId: remembered(),
      page: location.href,
      referrer: document.referrer,
      consent: script.getAttribute('data-consent') || window.mhctConsent || ''
    });
    fetch(origin + '/tracking/visit', { method: 'POST', body: body, credentials: 'omit' })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (answer) { if (answer) apply(answer); })
      .catch(function () { /* the page keeps its own numbers */ });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
