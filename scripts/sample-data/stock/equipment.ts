/**
 * Feed texts: fuel and drive wording, equipment lists, tags and dealer comments.
 */
import type { CaravanSpec, Drive, Engine, Fuel } from "../catalogue/models";
import type { Rng } from "../random";
import type { CarKind } from "../tenants/profile";

export const FUEL_TEXT: Record<Fuel, [string, string]> = {
  Petrol: ["Petrol", "Unleaded Petrol"],
  Premium: ["Petrol", "Premium Unleaded Petrol"],
  Diesel: ["Diesel", "Diesel"],
  Hybrid: ["Hybrid", "Hybrid Petrol/Electric"],
  Electric: ["Electric", "Electric"],
  "Plug-in Hybrid": ["Plug-in Hybrid", "Plug-in Hybrid Petrol/Electric"],
};

export const DRIVE_TEXT: Record<Drive, string> = {
  FWD: "Front Wheel Drive",
  RWD: "Rear Wheel Drive",
  AWD: "All Wheel Drive",
  "4WD": "Four Wheel Drive",
};

export function transText(e: Engine): string {
  switch (e.gear) {
    case "Manual":
      return `${e.gears} Speed Manual`;
    case "CVT":
      return "Continuous Variable Transmission";
    case "DCT":
      return `${e.gears} Speed Sports Automatic Dual Clutch`;
    case "Reduction Gear":
      return "1 Speed Reduction Gear";
    default:
      return `${e.gears} Speed Automatic`;
  }
}

export const EQUIPMENT = [
  "Autonomous Emergency Braking",
  "Reversing Camera",
  "Apple CarPlay",
  "Android Auto",
  "Bluetooth Connectivity",
  "Cruise Control",
  "Air Conditioning",
  "Lane Keep Assist",
  "Blind Spot Monitor",
  "Rear Cross Traffic Alert",
  "Adaptive Cruise Control",
  "Keyless Entry",
  "Push Button Start",
  "Dual-Zone Climate Control",
  "Satellite Navigation",
  "Alloy Wheels",
  "LED Headlights",
  "Power Folding Mirrors",
  "Rear Parking Sensors",
  "Front Parking Sensors",
  "Digital Radio (DAB+)",
  "Tyre Pressure Monitoring",
  "Traffic Sign Recognition",
  "Driver Attention Alert",
  "Electric Parking Brake",
  "Rain-Sensing Wipers",
  "Wireless Phone Charger",
  "Heated Front Seats",
  "Leather-Accented Upholstery",
  "Power Tailgate",
  "360-Degree Camera",
  "Head-Up Display",
  "Sunroof",
  "Premium Sound System",
  "Ventilated Front Seats",
];

export const UTE_EQUIPMENT = [
  "Tow Bar",
  "Tub Liner",
  "Side Steps",
  "Rear Differential Lock",
  "Downhill Assist Control",
  "Trailer Sway Control",
  "Bull Bar",
  "Snorkel",
];

export const EV_EQUIPMENT = [
  "Regenerative Braking",
  "DC Fast Charging",
  "Vehicle-to-Load (V2L)",
  "Heat Pump",
  "Scheduled Charging",
];

export const RV_EQUIPMENT = [
  "Solar Panels 2 x 200W",
  "Lithium Battery 200Ah",
  "Ensuite with Shower and Toilet",
  "Queen Island Bed",
  "Diesel Heater",
  "Front Load Washing Machine",
  "Roll-Out Awning",
  "Outdoor Kitchen",
  "2 x 95L Fresh Water Tanks",
  "Grey Water Tank",
  "Reversing Camera",
  "Independent Off-Road Suspension",
  "Electric Brakes",
  "Gas Bottle Holders x2",
  "Microwave",
  "Three-Way Fridge 184L",
  "LED Lighting Throughout",
  "12V Sockets and USB Ports",
  "TV Mount with Antenna",
  "Stone Guard",
  "Jerry Can Holders",
  "Solar Regulator",
  "Air Conditioner",
];

export const CUSTOM_TAGS = ["Hot Deal", "Low Kms", "One Owner", "Price Drop", "Runout Sale"];

export function dealerComments(
  rng: Rng,
  o: {
    name: string;
    carType: CarKind;
    km: number | null;
    dealer: string;
    colour: string;
    equipment: string[];
    rv?: CaravanSpec;
  },
): string {
  const kms = o.km === null ? "" : `${o.km.toLocaleString("en-AU")} km`;
  const features = o.equipment
    .slice(0, 4)
    .map((f) => `<li>${f}</li>`)
    .join("");
  const list = features ? `<ul>${features}</ul>` : "";
  const style = rng.float();
  if (o.rv) {
    return `<p><strong>${o.name}</strong> in ${o.colour}, ready for your next trip.</p><p>Sleeps ${o.rv.sleeps}, tare ${o.rv.tare.toLocaleString("en-AU")} kg, ATM ${o.rv.atm.toLocaleString("en-AU")} kg, ${o.rv.axle.toLowerCase()} axle.</p>${list}<p>Full handover and pre-delivery inspection included. Ask us about finance and trade-ins.</p>`;
  }
  if (o.carType === "new") {
    return style < 0.5
      ? `<p><strong>Brand new ${o.name}</strong> in ${o.colour}, available now from ${o.dealer}.</p>${list}<p>Ask about our finance options and a free trade-in valuation.</p>`
      : `<p>Be the first owner of this ${o.name}.<br>Factory warranty, capped price servicing and roadside assist included.</p>${list}`;
  }
  if (o.carType === "demo") {
    return `<p>Save thousands on this ex-demonstrator <strong>${o.name}</strong> with only ${kms} and the balance of the new car warranty.</p>${list}`;
  }
  return style < 0.4
    ? `<p>This ${o.name} has travelled ${kms} and comes with a full service history.</p><ul><li>Two keys and owner's manuals</li><li>Roadworthy certificate supplied</li><li>Independently inspected</li></ul><p><strong>Trade-ins welcome.</strong> Finance available subject to approval.</p>`
    : style < 0.75
      ? `<p>Well cared for <em>${o.colour}</em> ${o.name}, ${kms}.</p>${list}<p>Every used vehicle comes with our 48 hour money back guarantee and 12 months roadside assist.</p>`
      : `<p>${o.name} with ${kms}. Clean inside and out, drives beautifully. Book a test drive today.</p>`;
}

export const LONG_COMMENTS =
  "<p><strong>Outstanding value.</strong> This vehicle has just been through our 150-point inspection and detailing centre and presents in excellent condition throughout.</p>" +
  "<ul><li>Full service history with logbooks</li><li>Two keys</li><li>New tyres fitted all round</li><li>Roadworthy certificate included</li></ul>" +
  "<p>Every vehicle we sell comes with our 48 hour money back guarantee, 12 months roadside assist and the option of extended mechanical protection for up to 5 years. " +
  "We can arrange finance on the spot, value your trade-in in minutes and deliver anywhere in the state. Call our sales team or send an enquiry now to secure it before the weekend.</p>";
