/**
 * Rivers a town route must cross by a bridge, a tunnel or a ferry when its ends are on different
 * banks: the Eiffel Tower is on the Seine's left bank and the Louvre on its right, so a drive between
 * them that keeps to the Quai d'Orsay and the Boulevard Saint-Germain never gets there. Each river is
 * a line down its middle through the town (to a few hundred metres), and a route's ends are on
 * different banks when the straight line between them crosses it an odd number of times. Where the
 * Seine parts round the Île de la Cité the line follows its southern arm (the island reads as the
 * right bank): a drive from the Left Bank to Notre-Dame crosses it, one from the Louvre is not judged.
 */

type LatLon = [lat: number, lon: number];

export interface River {
  name: string;
  /** Down its middle, from one end of the town's stretch to the other. */
  line: readonly LatLon[];
}

const RIVERS: River[] = [
  {
    name: 'the Seine',
    line: [
      [48.838, 2.27], [48.8497, 2.28], [48.8556, 2.2877], [48.8605, 2.293], [48.8638, 2.3015], [48.8637, 2.3104], [48.8641, 2.3197],
      [48.8604, 2.3296], [48.8583, 2.3375], [48.8562, 2.3413], [48.8533, 2.3445], [48.852, 2.348], [48.8508, 2.356], [48.849, 2.362],
      [48.8465, 2.3665], [48.8385, 2.3755], [48.83, 2.388],
    ],
  },
  {
    name: 'the Thames',
    line: [[51.485, -0.175], [51.487, -0.13], [51.501, -0.123], [51.508, -0.116], [51.5095, -0.098], [51.508, -0.087], [51.5055, -0.0754], [51.507, -0.05]],
  },
  {
    // Between Manhattan and New Jersey, from the Battery to the George Washington Bridge.
    name: 'the Hudson',
    line: [[40.7, -74.03], [40.73, -74.017], [40.76, -74.01], [40.79, -73.99], [40.82, -73.967], [40.85, -73.95]],
  },
  {
    // Between Manhattan and Brooklyn and Queens, from the Battery to Hell Gate.
    name: 'the East River',
    line: [[40.699, -74.01], [40.705, -73.996], [40.71, -73.976], [40.73, -73.97], [40.75, -73.96], [40.77, -73.944], [40.795, -73.93]],
  },
];

/** Words a route crosses water by: "Cross the Pont de la Concorde", "Take the Brooklyn Bridge", "the Lincoln Tunnel", a ferry. */
export const WATER_CROSSING = /\b(?:pont|bridge|tunnel|ferry|viaduct)\b/i;

function crosses(a: LatLon, b: LatLon, c: LatLon, d: LatLon): boolean {
  const side = (p: LatLon, q: LatLon, r: LatLon) => Math.sign((q[1] - p[1]) * (r[0] - p[0]) - (q[0] - p[0]) * (r[1] - p[1]));
  return side(a, b, c) !== side(a, b, d) && side(c, d, a) !== side(c, d, b);
}

/** The river two points are on different banks of, if a known one is: the Seine between the Eiffel Tower and the Louvre. */
export function riverBetween(p: { lat: number; lon: number }, q: { lat: number; lon: number }): River | undefined {
  const [a, b]: LatLon[] = [[p.lat, p.lon], [q.lat, q.lon]];
  return RIVERS.find((r) => r.line.slice(1).filter((pt, i) => crosses(a, b, r.line[i], pt)).length % 2 === 1);
}
