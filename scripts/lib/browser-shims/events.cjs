// Browser stand-in for @algolia/events (see ../slim-browser-deps.ts), the Node-style EventEmitter that
// InstantSearch and algoliasearch-helper extend. The same calls behave the same (listeners run in
// the order added, on a copy of the list; `once`; removal by the listener or its `once` wrapper; an
// "error" nobody listens to is thrown), without what nobody here uses: listener-count warnings and
// the `newListener` / `removeListener` events. A function, not a class: the helper calls it on its
// own instances (`EventEmitter.call(this)`).
function EventEmitter() {
  this._events = this._events || {};
}

function check(listener) {
  if (typeof listener !== "function") throw TypeError("listener must be a function");
}

EventEmitter.prototype.setMaxListeners = function () {
  return this;
};

EventEmitter.prototype.emit = function (type, ...args) {
  const listeners = this._events?.[type];
  if (type === "error" && !listeners) {
    const error = args[0];
    if (error instanceof Error) throw error;
    const unspecified = new Error(`Uncaught, unspecified "error" event. (${error})`);
    unspecified.context = error;
    throw unspecified;
  }
  if (!listeners) return false;
  for (const listener of listeners.slice()) listener.apply(this, args);
  return true;
};

EventEmitter.prototype.on = function (type, listener) {
  check(listener);
  if (!this._events) this._events = {};
  if (!this._events[type]) this._events[type] = [];
  this._events[type].push(listener);
  return this;
};
EventEmitter.prototype.addListener = EventEmitter.prototype.on;

EventEmitter.prototype.once = function (type, listener) {
  check(listener);
  let fired = false;
  const once = function (...args) {
    this.removeListener(type, once);
    if (!fired) {
      fired = true;
      listener.apply(this, args);
    }
  };
  once.listener = listener;
  return this.on(type, once);
};

EventEmitter.prototype.removeListener = function (type, listener) {
  check(listener);
  const listeners = this._events?.[type];
  if (!listeners) return this;
  const at = listeners.findLastIndex((each) => each === listener || each.listener === listener);
  if (at >= 0) listeners.splice(at, 1);
  if (listeners.length === 0) delete this._events[type];
  return this;
};

EventEmitter.prototype.removeAllListeners = function (type) {
  if (!this._events) return this;
  if (type === undefined) this._events = {};
  else delete this._events[type];
  return this;
};

EventEmitter.prototype.listeners = function (type) {
  return (this._events?.[type] ?? []).slice();
};

EventEmitter.prototype.listenerCount = function (type) {
  return this.listeners(type).length;
};

module.exports = EventEmitter;
