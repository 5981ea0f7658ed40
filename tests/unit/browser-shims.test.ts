/**
 * The search page's stand-ins for library modules (scripts/lib/browser-shims/, chosen by
 * scripts/lib/slim-browser-deps.ts): the EventEmitter InstantSearch and its helper extend behaves
 * as @algolia/events for the calls they make.
 */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);

interface Emitter {
  on(type: string, listener: (...args: unknown[]) => void): Emitter;
  addListener(type: string, listener: (...args: unknown[]) => void): Emitter;
  once(type: string, listener: (...args: unknown[]) => void): Emitter;
  removeListener(type: string, listener: (...args: unknown[]) => void): Emitter;
  removeAllListeners(type?: string): Emitter;
  emit(type: string, ...args: unknown[]): boolean;
  listeners(type: string): unknown[];
  listenerCount(type: string): number;
  setMaxListeners(n: number): Emitter;
}

const emitters: [string, new () => Emitter][] = [
  ["@algolia/events", require("@algolia/events")],
  ["browser-shims/events.cjs", require("../../scripts/lib/browser-shims/events.cjs")],
];

describe.each(emitters)("%s", (_name, EventEmitter) => {
  it("runs listeners in the order added, with the arguments, once listeners once", () => {
    const emitter = new EventEmitter().setMaxListeners(100);
    const calls: string[] = [];
    emitter.on("change", (a, b) => calls.push(`first ${a} ${b}`));
    emitter.once("change", (a) => calls.push(`once ${a}`));
    emitter.addListener("change", () => calls.push("third"));
    expect(emitter.listenerCount("change")).toBe(3);
    expect(emitter.emit("change", 1, 2)).toBe(true);
    expect(emitter.emit("change", 3, 4)).toBe(true);
    expect(emitter.emit("result")).toBe(false);
    expect(calls).toEqual(["first 1 2", "once 1", "third", "first 3 4", "third"]);
  });

  it("a listener removed while the event runs still hears that event, not the next", () => {
    const emitter = new EventEmitter();
    const calls: string[] = [];
    const second = () => calls.push("second");
    emitter.on("render", () => {
      calls.push("first");
      emitter.removeListener("render", second);
    });
    emitter.on("render", second);
    emitter.emit("render");
    emitter.emit("render");
    expect(calls).toEqual(["first", "second", "first"]);
  });

  it("removes a once listener by the function given, and all listeners of a type or of every type", () => {
    const emitter = new EventEmitter();
    const calls: string[] = [];
    const listener = () => calls.push("once");
    emitter.once("search", listener);
    emitter.removeListener("search", listener);
    emitter.on("result", () => calls.push("result"));
    emitter.on("error", () => calls.push("error"));
    emitter.removeAllListeners("result");
    expect([emitter.emit("search"), emitter.emit("result"), emitter.emit("error", new Error("x"))]).toEqual([
      false,
      false,
      true,
    ]);
    emitter.removeAllListeners();
    expect(emitter.listeners("error")).toEqual([]);
    expect(calls).toEqual(["error"]);
  });

  it("throws an error event nobody listens to", () => {
    const emitter = new EventEmitter();
    const failure = new Error("Search is unavailable");
    expect(() => emitter.emit("error", failure)).toThrow(failure);
    expect(() => emitter.emit("error", "down")).toThrow('Uncaught, unspecified "error" event. (down)');
  });

  it("works as the base of a constructor that calls it (algoliasearch-helper's inherits)", () => {
    const construct = function (this: Emitter & { name: string }) {
      EventEmitter.call(this);
      this.name = "helper";
    };
    Object.setPrototypeOf(construct.prototype, EventEmitter.prototype);
    const helper = new (construct as unknown as new () => Emitter & { name: string })();
    const calls: string[] = [];
    helper.on("change", () => calls.push(helper.name));
    helper.emit("change");
    expect(calls).toEqual(["helper"]);
  });
});

describe("the ES5 build's array helpers (@swc/helpers) and their stand-ins", () => {
  const helpers = async (dir: string) => ({
    sliced: (await import(`${dir}/_sliced_to_array.js`))._ as (value: unknown, n: number) => unknown[],
    toArray: (await import(`${dir}/_to_array.js`))._ as (value: unknown) => unknown[],
    consumable: (await import(`${dir}/_to_consumable_array.js`))._ as (value: unknown) => unknown[],
  });
  const shims = async () => ({
    sliced: (await import("../../scripts/lib/browser-shims/swc-to-array.js"))._ as (
      value: unknown,
    ) => unknown[],
    consumable: (await import("../../scripts/lib/browser-shims/swc-to-consumable-array.js"))._ as (
      value: unknown,
    ) => unknown[],
  });

  it("destructure and spread arrays, strings, sets, maps and generators alike", async () => {
    const original = await helpers("@swc/helpers/esm");
    const shim = await shims();
    const inputs = () => [
      [1, 2, 3],
      "héllo",
      new Set(["a", "b"]),
      new Map([["k", 1]]),
      (function* () {
        yield 1;
        yield 2;
      })(),
    ];
    const [a, b] = [inputs(), inputs()];
    for (let i = 0; i < a.length; i++) {
      const [first, second] = shim.sliced(a[i]);
      const [firstOriginal, secondOriginal] = original.sliced(b[i], 2);
      expect([first, second]).toEqual([firstOriginal, secondOriginal]);
    }
    for (const [value, expected] of [
      [
        [1, 2, 3],
        [1, 2, 3],
      ],
      ["héllo", ["h", "é", "l", "l", "o"]],
      [new Set(["a", "b"]), ["a", "b"]],
    ] as const) {
      expect(shim.consumable(value)).toEqual(expected);
      expect(original.consumable(value)).toEqual(expected);
      expect(original.toArray(value)).toEqual(expected);
    }
    const list = [1, 2];
    expect(shim.consumable(list)).not.toBe(list);
    expect(() => shim.sliced(42)).toThrow(TypeError);
    expect(() => original.sliced(42, 2)).toThrow(TypeError);
  });

  it("Algolia Recommend's answers are refused, not half-handled", () => {
    const recommendResults = require("../../scripts/lib/browser-shims/recommend-results.cjs");
    expect(() => recommendResults({}, [])).toThrow("Algolia Recommend answers are not in the browser bundle");
  });
});
