/**
 * Real cities of the countries the demo sites serve: per country, the city with its region (the
 * `country-region-data` short code, as /api/regions.php), its centre (to two decimals) and a weight,
 * a rough stand-in for its population. Reference data: the geocoder reads the regions of these
 * cities (geocoder.ts) and the demo seed places its profiles in them (seed/demo-places.ts).
 */

/** One city: its region code, name as locals write it, centre, and weight (shares of its country's profiles). */
type CityRow = [region: string, city: string, latitude: number, longitude: number, weight?: number];

export interface ReferenceCity {
  region: string;
  city: string;
  latitude: number;
  longitude: number;
  /** Shares of its country's demo profiles. */
  weight: number;
}

const CITY_ROWS: Record<string, CityRow[]> = {
  GB: [
    ['LND', 'London', 51.51, -0.13, 20], ['MAN', 'Manchester', 53.48, -2.24, 4], ['BIR', 'Birmingham', 52.49, -1.89, 4],
    ['GLG', 'Glasgow', 55.86, -4.25, 3], ['LDS', 'Leeds', 53.8, -1.55, 3], ['BST', 'Bristol', 51.45, -2.59, 7],
    ['LIV', 'Liverpool', 53.41, -2.99, 2], ['SHF', 'Sheffield', 53.38, -1.47, 2], ['EDH', 'Edinburgh', 55.95, -3.19, 2],
    ['NET', 'Newcastle upon Tyne', 54.98, -1.62, 2], ['NGM', 'Nottingham', 52.95, -1.15, 2], ['CRF', 'Cardiff', 51.48, -3.18, 3],
    ['BFS', 'Belfast', 54.6, -5.93, 2], ['LCE', 'Leicester', 52.64, -1.13], ['COV', 'Coventry', 52.41, -1.51],
    ['BNH', 'Brighton', 50.82, -0.14, 2], ['BNH', 'Hove', 50.83, -0.17], ['STH', 'Southampton', 50.91, -1.4],
    ['PLY', 'Plymouth', 50.38, -4.14], ['RDG', 'Reading', 51.45, -0.97, 2], ['MIK', 'Milton Keynes', 52.04, -0.76],
    ['YOR', 'York', 53.96, -1.08], ['KEN', 'Canterbury', 51.28, 1.08], ['KEN', 'Maidstone', 51.27, 0.52],
    ['KEN', 'Margate', 51.39, 1.38], ['ESS', 'Chelmsford', 51.74, 0.47, 2], ['ESS', 'Colchester', 51.89, 0.9],
    ['HAM', 'Winchester', 51.06, -1.31], ['HAM', 'Basingstoke', 51.27, -1.09], ['SRY', 'Guildford', 51.24, -0.57, 2],
    ['SRY', 'Woking', 51.32, -0.56, 2], ['OXF', 'Oxford', 51.75, -1.26, 2], ['OXF', 'Banbury', 52.06, -1.34],
    ['CAM', 'Cambridge', 52.21, 0.12, 2], ['CAM', 'Ely', 52.4, 0.26], ['DEV', 'Exeter', 50.72, -3.53],
    ['DEV', 'Barnstaple', 51.08, -4.06], ['CON', 'Truro', 50.26, -5.05], ['CON', 'Falmouth', 50.15, -5.07],
    ['NYK', 'Harrogate', 53.99, -1.54], ['NYK', 'Scarborough', 54.28, -0.4], ['LAN', 'Preston', 53.76, -2.7],
    ['LAN', 'Lancaster', 54.05, -2.8], ['NFK', 'Norwich', 52.63, 1.3], ['NFK', "King's Lynn", 52.75, 0.4],
    ['ABE', 'Aberdeen', 57.15, -2.09], ['SWA', 'Swansea', 51.62, -3.94], ['BAS', 'Bath', 51.38, -2.36, 2],
    ['NSM', 'Weston-super-Mare', 51.35, -2.98], ['GLS', 'Gloucester', 51.86, -2.24], ['SWD', 'Swindon', 51.56, -1.78],
  ],
  IE: [
    ['D', 'Dublin', 53.35, -6.26, 5], ['CO', 'Cork', 51.9, -8.47, 2], ['G', 'Galway', 53.27, -9.05, 2],
    ['LK', 'Limerick', 52.66, -8.63], ['WD', 'Waterford', 52.26, -7.11], ['D', 'Swords', 53.46, -6.22],
    ['D', 'Dún Laoghaire', 53.29, -6.13], ['CO', 'Cobh', 51.85, -8.29], ['KE', 'Naas', 53.22, -6.66],
    ['KE', 'Newbridge', 53.18, -6.8], ['MH', 'Navan', 53.65, -6.68], ['LH', 'Drogheda', 53.72, -6.35],
    ['LH', 'Dundalk', 54.0, -6.4], ['WX', 'Wexford', 52.34, -6.46], ['KY', 'Tralee', 52.27, -9.7],
    ['KY', 'Killarney', 52.06, -9.51], ['SO', 'Sligo', 54.27, -8.47], ['KK', 'Kilkenny', 52.65, -7.25],
    ['WW', 'Bray', 53.2, -6.1],
  ],
  US: [
    ['NY', 'New York', 40.71, -74.01, 5], ['CA', 'Los Angeles', 34.05, -118.24, 4], ['IL', 'Chicago', 41.88, -87.63, 3],
    ['TX', 'Houston', 29.76, -95.37, 2], ['CA', 'San Francisco', 37.77, -122.42, 2], ['TX', 'Dallas', 32.78, -96.8, 2],
    ['TX', 'Austin', 30.27, -97.74], ['TX', 'San Antonio', 29.42, -98.49], ['CA', 'San Diego', 32.72, -117.16],
    ['CA', 'Sacramento', 38.58, -121.49], ['CA', 'Oakland', 37.8, -122.27], ['NY', 'Buffalo', 42.89, -78.88],
    ['NY', 'Albany', 42.65, -73.75], ['FL', 'Miami', 25.76, -80.19, 2], ['FL', 'Orlando', 28.54, -81.38],
    ['FL', 'Tampa', 27.95, -82.46], ['WA', 'Seattle', 47.61, -122.33, 2], ['WA', 'Spokane', 47.66, -117.43],
    ['MA', 'Boston', 42.36, -71.06, 2], ['MA', 'Cambridge', 42.37, -71.11], ['CO', 'Denver', 39.74, -104.99],
    ['CO', 'Boulder', 40.01, -105.27], ['GA', 'Atlanta', 33.75, -84.39], ['GA', 'Savannah', 32.08, -81.09],
    ['PA', 'Philadelphia', 39.95, -75.17], ['PA', 'Pittsburgh', 40.44, -80.0], ['OR', 'Portland', 45.52, -122.68],
    ['AZ', 'Phoenix', 33.45, -112.07], ['AZ', 'Tucson', 32.22, -110.97], ['NV', 'Las Vegas', 36.17, -115.14],
    ['MN', 'Minneapolis', 44.98, -93.27], ['NC', 'Charlotte', 35.23, -80.84], ['NC', 'Raleigh', 35.78, -78.64],
    ['TN', 'Nashville', 36.16, -86.78], ['TN', 'Memphis', 35.15, -90.05], ['OH', 'Columbus', 39.96, -83.0],
    ['OH', 'Cleveland', 41.5, -81.69], ['MI', 'Detroit', 42.33, -83.05], ['MI', 'Ann Arbor', 42.28, -83.74],
    ['LA', 'New Orleans', 29.95, -90.07], ['DC', 'Washington', 38.91, -77.04], ['NJ', 'Newark', 40.74, -74.17],
    ['NJ', 'Jersey City', 40.73, -74.08], ['UT', 'Salt Lake City', 40.76, -111.89], ['WI', 'Milwaukee', 43.04, -87.91],
    ['WI', 'Madison', 43.07, -89.4], ['MO', 'St. Louis', 38.63, -90.2], ['MO', 'Kansas City', 39.1, -94.58],
  ],
  CA: [
    ['ON', 'Toronto', 43.65, -79.38, 4], ['QC', 'Montreal', 45.5, -73.57, 2], ['BC', 'Vancouver', 49.28, -123.12, 2],
    ['AB', 'Calgary', 51.05, -114.07], ['AB', 'Edmonton', 53.55, -113.49], ['ON', 'Ottawa', 45.42, -75.7],
    ['ON', 'Hamilton', 43.26, -79.87], ['ON', 'London', 42.98, -81.25], ['QC', 'Quebec City', 46.81, -71.21],
    ['BC', 'Victoria', 48.43, -123.37], ['BC', 'Kelowna', 49.89, -119.5], ['MB', 'Winnipeg', 49.9, -97.14],
    ['NS', 'Halifax', 44.65, -63.57], ['SK', 'Saskatoon', 52.13, -106.67], ['SK', 'Regina', 50.45, -104.61],
    ['NB', 'Moncton', 46.09, -64.78], ['NB', 'Fredericton', 45.96, -66.64], ['NL', "St. John's", 47.56, -52.71],
    ['PE', 'Charlottetown', 46.24, -63.13],
  ],
  AU: [
    ['NSW', 'Sydney', -33.87, 151.21, 4], ['VIC', 'Melbourne', -37.81, 144.96, 4], ['QLD', 'Brisbane', -27.47, 153.03, 2],
    ['WA', 'Perth', -31.95, 115.86, 2], ['SA', 'Adelaide', -34.93, 138.6], ['NSW', 'Newcastle', -32.93, 151.78],
    ['NSW', 'Wollongong', -34.42, 150.89], ['VIC', 'Geelong', -38.15, 144.36], ['VIC', 'Ballarat', -37.56, 143.85],
    ['QLD', 'Gold Coast', -28.02, 153.4], ['QLD', 'Cairns', -16.92, 145.77], ['QLD', 'Townsville', -19.26, 146.82],
    ['WA', 'Fremantle', -32.06, 115.75], ['TAS', 'Hobart', -42.88, 147.33], ['TAS', 'Launceston', -41.44, 147.14],
    ['ACT', 'Canberra', -35.28, 149.13], ['NT', 'Darwin', -12.46, 130.84],
  ],
  NZ: [
    ['AUK', 'Auckland', -36.85, 174.76, 3], ['WGN', 'Wellington', -41.29, 174.78, 2], ['CAN', 'Christchurch', -43.53, 172.64, 2],
    ['WKO', 'Hamilton', -37.79, 175.28], ['BOP', 'Tauranga', -37.69, 176.17], ['OTA', 'Dunedin', -45.87, 170.5],
    ['WGN', 'Lower Hutt', -41.21, 174.9], ['CAN', 'Timaru', -44.4, 171.25], ['WKO', 'Taupō', -38.69, 176.07],
    ['BOP', 'Rotorua', -38.14, 176.25], ['OTA', 'Queenstown', -45.03, 168.66], ['HKB', 'Napier', -39.49, 176.91],
    ['HKB', 'Hastings', -39.64, 176.84], ['MWT', 'Palmerston North', -40.35, 175.61], ['MWT', 'Whanganui', -39.93, 175.05],
    ['NSN', 'Nelson', -41.27, 173.28], ['NTL', 'Whangārei', -35.73, 174.32], ['TKI', 'New Plymouth', -39.06, 174.08],
    ['STL', 'Invercargill', -46.41, 168.35],
  ],
  NL: [
    ['NH', 'Amsterdam', 52.37, 4.9, 15], ['ZH', 'Rotterdam', 51.92, 4.48, 4], ['ZH', 'Den Haag', 52.08, 4.3, 3],
    ['UT', 'Utrecht', 52.09, 5.12, 3], ['NB', 'Eindhoven', 51.44, 5.48, 2], ['GR', 'Groningen', 53.22, 6.57, 2],
    ['NH', 'Haarlem', 52.38, 4.64, 2], ['FL', 'Almere', 52.37, 5.22, 2], ['NB', 'Tilburg', 51.56, 5.09],
    ['NB', 'Breda', 51.59, 4.78], ['GE', 'Nijmegen', 51.84, 5.86], ['GE', 'Arnhem', 51.98, 5.91],
    ['NH', 'Alkmaar', 52.63, 4.75], ['NH', 'Zaandam', 52.44, 4.83], ['NH', 'Hilversum', 52.22, 5.18],
    ['ZH', 'Leiden', 52.16, 4.49], ['ZH', 'Delft', 52.01, 4.36], ['ZH', 'Dordrecht', 51.81, 4.67],
    ['ZH', 'Gouda', 52.01, 4.71], ['UT', 'Amersfoort', 52.16, 5.39], ['UT', 'Zeist', 52.09, 5.23],
    ['NB', "'s-Hertogenbosch", 51.69, 5.3], ['NB', 'Helmond', 51.48, 5.66], ['GE', 'Apeldoorn', 52.21, 5.97],
    ['GE', 'Ede', 52.04, 5.67], ['OV', 'Zwolle', 52.52, 6.09], ['OV', 'Enschede', 52.22, 6.89],
    ['OV', 'Deventer', 52.26, 6.16], ['FR', 'Leeuwarden', 53.2, 5.8], ['FR', 'Sneek', 53.03, 5.66],
    ['FR', 'Heerenveen', 52.96, 5.92], ['DR', 'Assen', 52.99, 6.56], ['DR', 'Emmen', 52.78, 6.9],
    ['FL', 'Lelystad', 52.52, 5.47], ['LI', 'Maastricht', 50.85, 5.69], ['LI', 'Venlo', 51.37, 6.17],
    ['LI', 'Heerlen', 50.89, 5.98], ['LI', 'Roermond', 51.19, 5.99], ['ZE', 'Middelburg', 51.5, 3.61],
    ['ZE', 'Vlissingen', 51.44, 3.57], ['ZE', 'Goes', 51.5, 3.89],
  ],
  // The Dutch-language site: Flemish names, Flanders and Brussels.
  BE: [
    ['VLG', 'Antwerpen', 51.22, 4.4, 5], ['BRU', 'Brussel', 50.85, 4.35, 5], ['VLG', 'Gent', 51.05, 3.72, 4],
    ['VLG', 'Leuven', 50.88, 4.7, 2], ['VLG', 'Brugge', 51.21, 3.22, 2], ['VLG', 'Mechelen', 51.03, 4.48],
    ['VLG', 'Hasselt', 50.93, 5.34], ['VLG', 'Kortrijk', 50.83, 3.26], ['VLG', 'Aalst', 50.94, 4.04],
    ['VLG', 'Oostende', 51.22, 2.92], ['VLG', 'Genk', 50.97, 5.5],
  ],
};

/** Country code -> its cities, heaviest first. */
export const CITIES_BY_COUNTRY: Record<string, ReferenceCity[]> = Object.fromEntries(
  Object.entries(CITY_ROWS).map(([country, rows]) => [
    country,
    rows.map(([region, city, latitude, longitude, weight = 1]) => ({ region, city, latitude, longitude, weight })),
  ]),
);

/** Country code -> region short code -> the cities listed in that region. */
export function citiesByRegion(country: string): Record<string, string[]> {
  const byRegion: Record<string, string[]> = {};
  for (const { region, city } of CITIES_BY_COUNTRY[country] ?? []) (byRegion[region] ??= []).push(city);
  return byRegion;
}
