// `tsc` does not read .astro files (`astro check` does, with each component's own types): to it an
// imported component is a component factory, which is what the Container API renders.
declare module "*.astro" {
  const Component: import("astro/runtime/server/index.js").AstroComponentFactory;
  export default Component;
}
