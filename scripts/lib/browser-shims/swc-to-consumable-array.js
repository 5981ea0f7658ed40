// Browser stand-in for @swc/helpers' `_to_consumable_array` (see ../slim-browser-deps.ts): the copy
// instantsearch's ES5 build makes for `[...value]` and `f(...value)`, made by the language's spread.
export const _ = (value) => [...value];
