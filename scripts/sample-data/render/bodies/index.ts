/**
 * The body shapes the photo set is drawn in, by kind.
 */
import type { BodyModel } from "../model";
import { convertibleModel, coupeModel, hatchModel, sedanModel, wagonModel } from "./passenger";
import { camperModel, caravanModel, motorhomeModel } from "./rv";
import { cabChassisModel, peopleMoverModel, suvModel, uteModel, vanModel } from "./utility";

/** Body shapes the photo set is drawn in (spec body types plus caravan shapes). */
export const BODY_KINDS = [
  "sedan",
  "hatch",
  "suv",
  "ute",
  "wagon",
  "van",
  "coupe",
  "convertible",
  "peopleMover",
  "cabChassis",
  "motorhome",
  "caravan",
  "camper",
] as const;

export type BodyKind = (typeof BODY_KINDS)[number];

const BODY_BUILDERS: Record<BodyKind, () => BodyModel> = {
  sedan: sedanModel,
  hatch: hatchModel,
  suv: suvModel,
  ute: uteModel,
  wagon: wagonModel,
  van: vanModel,
  coupe: coupeModel,
  convertible: convertibleModel,
  peopleMover: peopleMoverModel,
  cabChassis: cabChassisModel,
  motorhome: motorhomeModel,
  caravan: caravanModel,
  camper: camperModel,
};

export function bodyModel(kind: BodyKind): BodyModel {
  return BODY_BUILDERS[kind]();
}
