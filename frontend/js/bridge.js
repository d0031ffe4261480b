// The only file that knows how the page reaches Python.
//
// Three transports, one switch:
//  * `?token=…` in the page URL  → the `--serve` HTTP mode: POST JSON to
//    /api/<method> with the header X-Harp-Token (checked first: an explicit
//    token is never ambiguous).
//  * otherwise `window.pywebview.api` → the desktop window, and the test
//    harness that installs a `window.pywebview.api` of its own. pywebview
//    injects its object after the page has loaded, so we wait for the
//    `pywebviewready` event (or use the api at once when its methods are
//    already there).
//
// Calls are serialised: pywebview runs every call on its own thread, so two
// calls in flight could come back out of order (a hint, which may search for
// seconds, is the exception: see call()).

/** @typedef {import('./view-model').Answer} Answer */

const params = new URLSearchParams(window.location.search);
const token = params.get('token');

let apiPromise = null;
let queue = Promise.resolve();

function hasApi() {
  const pv = window.pywebview;
  const api = pv && pv.api;
  if (!api || typeof api.state !== 'function') return false;
  // In Qt a call made before pywebview's web channel is up is lost (pywebview retries it
  // once, 100 ms later): wait for the channel too.
  return pv.platform !== 'qtwebengine' || Boolean(pv._QWebChannel);
}

function waitForPywebview() {
  return new Promise((resolve) => {
    if (hasApi()) { resolve(window.pywebview.api); return; }
    let timer = null;
    const done = () => {
      if (!hasApi()) return;
      window.removeEventListener('pywebviewready', done);
      clearInterval(timer);
      resolve(window.pywebview.api);
    };
    window.addEventListener('pywebviewready', done);
    // A harness may set window.pywebview without firing the event.
    timer = setInterval(done, 50);
  });
}

function httpApi() {
  return new Proxy({}, {
    get(_target, method) {
      if (method === 'then' || typeof method !== 'string') return undefined;  // not a thenable
      return async (arg) => {
        const response = await fetch(`/api/${encodeURIComponent(method)}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Harp-Token': token },
          body: JSON.stringify(arg === undefined ? null : arg),
        });
        if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`);
        return response.json();
      };
    },
  });
}

function api() {
  if (!apiPromise) apiPromise = token ? Promise.resolve(httpApi()) : waitForPywebview();
  return apiPromise;
}

/** Resolves when the bridge is up (calls made before wait for it, in order). */
export function whenReady() {
  return api().then(() => undefined);
}

/** @param {string} method @param {unknown} arg @returns {Promise<Answer>} */
async function send(method, arg) {
  const target = await api();
  try {
    // Methods without an argument are called with none: pywebview passes
    // every JS argument on to Python, and state() takes none.
    const answer = arg === undefined ? await target[method]() : await target[method](arg);
    if (answer && typeof answer === 'object') return answer;
    return { ok: false, error: { code: 'bridge', message: `empty answer from ${method}` } };
  } catch (err) {
    const message = (err && err.message) || String(err);
    return { ok: false, error: { code: 'bridge', message: `${method}: ${message}` } };
  }
}

/**
 * Call one method of the Python Api. Never rejects: a transport failure comes
 * back as `{ok: false, error: {code: 'bridge', message}}` with no `state`.
 * opts.queue false: a long call (a hint) that the player's actions do not wait
 * for; its answer carries a view model number (`rev`) like every answer, so the
 * page never draws it over a newer one.
 * @param {string} method @param {unknown} [arg] @param {{queue?: boolean}} [opts]
 * @returns {Promise<Answer>}
 */
export function call(method, arg, opts = {}) {
  if (opts.queue === false) return send(method, arg);
  const result = queue.then(() => send(method, arg));
  queue = result.catch(() => undefined);
  return result;
}
