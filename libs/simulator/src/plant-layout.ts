import type { AssetPlacement } from '@plantlens/contracts';
import { PLANT_UNIT_LABELS, PLANT_UNITS, VALVE_ASSETS, valveLabel, type PlantUnit } from './plant-catalog';

// Where the simulated plant stands, for the current-status map: a refinery site, its four units a few
// hundred metres apart, and coke drum A of the delayed coker with its eight valves a few metres apart
// (the map's deepest zoom, 18, shows about half a metre per pixel). Asset names are what rules name:
// the part of a variable's client reference before "_" (cdu, dcu…, gate01, lift03…).
const SITE = 'refinery';
const COKE_DRUM_A = 'coke_drum_a';
const SITE_POSITION = { lat: 41.12, lng: 1.19 };
const UNIT_OFFSETS: Record<PlantUnit, [number, number]> = {
  cdu: [0.0012, -0.002],
  dcu: [-0.0005, 0.0025],
  hdt: [-0.0012, -0.003],
  utl: [0.0005, 0.006],
};
const DRUM_OFFSET: [number, number] = [0.0002, 0.0003];
// Valves on a ring of about 8 m around the drum.
const VALVE_RING_DEGREES = 0.00007;

const at = ([lat, lng]: [number, number], [dLat, dLng]: [number, number]): [number, number] => [
  lat + dLat,
  lng + dLng,
];
const placed = (
  name: string,
  label: string,
  parent: string | null,
  [lat, lng]: [number, number],
): AssetPlacement => ({
  name,
  label,
  parent,
  lat: Number(lat.toFixed(6)),
  lng: Number(lng.toFixed(6)),
});

export function plantLayout(): AssetPlacement[] {
  const site: [number, number] = [SITE_POSITION.lat, SITE_POSITION.lng];
  const units = PLANT_UNITS.map((unit) =>
    placed(unit, PLANT_UNIT_LABELS[unit], SITE, at(site, UNIT_OFFSETS[unit])),
  );
  const drum = at(at(site, UNIT_OFFSETS.dcu), DRUM_OFFSET);
  const valves = VALVE_ASSETS.map((valve, index) => {
    const angle = (2 * Math.PI * index) / VALVE_ASSETS.length;
    return placed(
      valve,
      valveLabel(valve),
      COKE_DRUM_A,
      at(drum, [VALVE_RING_DEGREES * Math.cos(angle), VALVE_RING_DEGREES * Math.sin(angle)]),
    );
  });
  return [
    placed(SITE, 'Refinery', null, site),
    ...units,
    placed(COKE_DRUM_A, 'Coke drum A', 'dcu', drum),
    ...valves,
  ];
}
