/**
 * The report's list of fuel and charging brands (kept apart from the simulator's pools): a station's sign
 * is its brand's, so a station found nearby is named by one of these.
 */
/** Fuel and charging brands whose stations stand in the towns the tasks name (North America, Europe, East and South-East Asia, Australia). */
export const FUEL_BRANDS: readonly string[] = [
  'Shell', 'Mobil', 'Exxon', 'ExxonMobil', 'BP', 'Chevron', 'Texaco', 'Sunoco', 'Citgo', 'Valero', 'Speedway', 'Marathon', 'Gulf', 'Arco', 'ARCO', '76',
  'Phillips 66', 'Conoco', 'Sinclair', 'Circle K', 'Wawa', 'Sheetz', 'QuikTrip', "Casey's", 'Costco Gasoline', 'Getty', 'Hess', 'Irving', 'Petro-Canada', 'Esso',
  'TotalEnergies', 'Total', 'Aral', 'Agip', 'Eni', 'Repsol', 'Cepsa', 'Q8', 'OMV', 'Jet', 'Avia', 'Tesco', "Sainsbury's", 'Asda', 'Intermarché', 'Carrefour', 'E.Leclerc',
  'ENEOS', 'Idemitsu', 'Cosmo Oil', 'Kygnus', 'Apollostation', 'Sinopec', 'PetroChina', 'CNPC', 'SK Energy', 'GS Caltex', 'S-Oil', 'Hyundai Oilbank', 'Pertamina', 'Vivo',
  'Petronas', 'Caltex', 'Ampol', '7-Eleven', 'United', 'Puma', 'Petron', 'Tesla Supercharger', 'Tesla', 'ChargePoint', 'EVgo', 'Electrify America', 'Blink', 'Ionity', 'Fastned', 'Allego',
];

/** A name holding one of the brands as a word ("Shell", "Circle K", "Shell - Pike Street"). */
export const FUEL_BRAND_WORD = new RegExp(`(?<![\\p{L}\\d])(?:${FUEL_BRANDS.map((b) => b.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\p{L}\\d])`, 'iu');
