// Every data area, by key and by path.
import { airArea } from "./air";
import { airportArea } from "./airport";
import { expressArea } from "./express";
import { expressCountryArea } from "./express-country";
import { fclArea } from "./fcl";
import { lclArea } from "./lcl";
import { portArea } from "./port";
import { railArea } from "./rail";
import { trailerArea } from "./trailer";
import type { AreaKey, DataArea } from "./types";

export const dataAreas: Record<AreaKey, DataArea> = {
  port: portArea,
  airport: airportArea,
  expressCountry: expressCountryArea,
  fcl: fclArea,
  lcl: lclArea,
  rail: railArea,
  trailer: trailerArea,
  air: airArea,
  express: expressArea,
};

export { airArea, airportArea, expressArea, expressCountryArea, fclArea, lclArea, portArea, railArea, trailerArea };
export type { DataArea, AreaKey } from "./types";
