// Browser stand-in for @swc/helpers' `_sliced_to_array` and `_to_array` (see ../slim-browser-deps.ts):
// instantsearch's ES5 build destructures through them; an array as it is, any other iterable
// spread into one, as the language's own destructuring reads it.
export const _ = (value) => (Array.isArray(value) ? value : [...value]);
