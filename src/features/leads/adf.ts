/** ADF/XML for dealer CRMs: the document (adf/document.ts) and what it is about (adf/context.ts). */
export {
  type AdfContext,
  type AdfContextOptions,
  type AdfLead,
  adfContextFor,
  timeZoneForState,
} from "./adf/context";
export { adfXml } from "./adf/document";
