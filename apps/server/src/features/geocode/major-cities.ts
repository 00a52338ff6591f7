/**
 * The larger cities of the countries the product serves, with their centre, a radius within
 * which a position counts as that city, and their region code (country-region-data, as
 * /api/regions.php lists them). The place table of offline-geocode-city holds one place per
 * 30-40 km cell, often a suburb (Amsterdam comes out as "Ouderkerk aan de Amstel"), and no
 * regions; this table gives city dwellers their city and region. Names as locals write them.
 * geocode.test.ts checks every row: a known region, and a centre inside the country.
 */
export interface MajorCity {
  country: string;
  region: string;
  name: string;
  lat: number;
  lon: number;
  radiusKm: number;
}

type Row = [region: string, name: string, lat: number, lon: number, radiusKm: number];

const BY_COUNTRY: Record<string, Row[]> = {
  GB: [
    ['LND', 'London', 51.507, -0.128, 25], ['BIR', 'Birmingham', 52.486, -1.89, 12], ['MAN', 'Manchester', 53.481, -2.243, 10],
    ['LDS', 'Leeds', 53.801, -1.549, 10], ['GLG', 'Glasgow', 55.864, -4.252, 12], ['LIV', 'Liverpool', 53.408, -2.992, 10],
    ['SHF', 'Sheffield', 53.381, -1.47, 10], ['BST', 'Bristol', 51.455, -2.588, 10], ['EDH', 'Edinburgh', 55.953, -3.189, 10],
    ['NET', 'Newcastle upon Tyne', 54.978, -1.618, 8], ['NGM', 'Nottingham', 52.954, -1.158, 8], ['LCE', 'Leicester', 52.637, -1.14, 8],
    ['CRF', 'Cardiff', 51.481, -3.179, 8], ['BFS', 'Belfast', 54.597, -5.93, 10], ['COV', 'Coventry', 52.407, -1.512, 7],
    ['BRD', 'Bradford', 53.796, -1.759, 7], ['STH', 'Southampton', 50.91, -1.404, 7], ['BNH', 'Brighton', 50.823, -0.137, 7],
    ['PLY', 'Plymouth', 50.376, -4.143, 7], ['KHL', 'Hull', 53.745, -0.336, 7], ['ABE', 'Aberdeen', 57.15, -2.094, 8],
    ['RDG', 'Reading', 51.454, -0.978, 6], ['YOR', 'York', 53.96, -1.087, 6], ['OXF', 'Oxford', 51.752, -1.258, 6],
    ['CAM', 'Cambridge', 52.205, 0.119, 6], ['POR', 'Portsmouth', 50.82, -1.088, 6], ['SWA', 'Swansea', 51.621, -3.944, 7],
    ['DER', 'Derby', 52.921, -1.476, 6], ['STE', 'Stoke-on-Trent', 53.003, -2.18, 7], ['WLV', 'Wolverhampton', 52.587, -2.129, 6],
    ['MIK', 'Milton Keynes', 52.041, -0.759, 7], ['NFK', 'Norwich', 52.63, 1.297, 6], ['DND', 'Dundee', 56.462, -2.971, 6],
  ],
  IE: [
    ['D', 'Dublin', 53.35, -6.26, 15], ['CO', 'Cork', 51.899, -8.476, 8], ['G', 'Galway', 53.271, -9.049, 6],
    ['LK', 'Limerick', 52.668, -8.63, 6], ['WD', 'Waterford', 52.259, -7.11, 5],
  ],
  US: [
    ['NY', 'New York', 40.713, -74.006, 20], ['CA', 'Los Angeles', 34.052, -118.244, 30], ['IL', 'Chicago', 41.878, -87.63, 20],
    ['TX', 'Houston', 29.76, -95.37, 25], ['AZ', 'Phoenix', 33.448, -112.074, 20], ['PA', 'Philadelphia', 39.953, -75.165, 12],
    ['TX', 'San Antonio', 29.424, -98.494, 15], ['CA', 'San Diego', 32.716, -117.161, 15], ['TX', 'Dallas', 32.777, -96.797, 18],
    ['CA', 'San Jose', 37.338, -121.886, 12], ['TX', 'Austin', 30.267, -97.743, 15], ['CA', 'San Francisco', 37.775, -122.419, 8],
    ['WA', 'Seattle', 47.606, -122.332, 12], ['CO', 'Denver', 39.739, -104.99, 12], ['DC', 'Washington', 38.907, -77.037, 10],
    ['MA', 'Boston', 42.36, -71.059, 8], ['TN', 'Nashville', 36.163, -86.781, 12], ['GA', 'Atlanta', 33.749, -84.388, 12],
    ['FL', 'Miami', 25.762, -80.192, 10], ['NV', 'Las Vegas', 36.17, -115.14, 15], ['OR', 'Portland', 45.515, -122.679, 10],
    ['MI', 'Detroit', 42.331, -83.046, 12], ['MN', 'Minneapolis', 44.978, -93.265, 10], ['FL', 'Orlando', 28.538, -81.379, 12],
    ['FL', 'Tampa', 27.951, -82.457, 10], ['NC', 'Charlotte', 35.227, -80.843, 12], ['LA', 'New Orleans', 29.951, -90.072, 10],
    ['UT', 'Salt Lake City', 40.761, -111.891, 10], ['MO', 'St. Louis', 38.627, -90.199, 10], ['PA', 'Pittsburgh', 40.441, -79.996, 10],
    ['OH', 'Columbus', 39.961, -82.999, 12], ['OH', 'Cleveland', 41.499, -81.694, 10], ['MD', 'Baltimore', 39.29, -76.612, 10],
    ['WI', 'Milwaukee', 43.039, -87.906, 10], ['MO', 'Kansas City', 39.1, -94.579, 12], ['CA', 'Sacramento', 38.582, -121.494, 12],
    ['HI', 'Honolulu', 21.307, -157.858, 10], ['IN', 'Indianapolis', 39.768, -86.158, 12], ['FL', 'Jacksonville', 30.332, -81.656, 15],
    ['OK', 'Oklahoma City', 35.468, -97.516, 15], ['KY', 'Louisville', 38.253, -85.759, 10], ['NM', 'Albuquerque', 35.084, -106.65, 10],
    ['NC', 'Raleigh', 35.78, -78.639, 10], ['NJ', 'Newark', 40.736, -74.172, 4], ['NJ', 'Jersey City', 40.728, -74.078, 3],
  ],
  CA: [
    ['ON', 'Toronto', 43.653, -79.383, 20], ['QC', 'Montreal', 45.502, -73.567, 15], ['BC', 'Vancouver', 49.283, -123.121, 10],
    ['AB', 'Calgary', 51.045, -114.057, 15], ['AB', 'Edmonton', 53.546, -113.494, 15], ['ON', 'Ottawa', 45.422, -75.697, 12],
    ['MB', 'Winnipeg', 49.895, -97.138, 12], ['QC', 'Quebec City', 46.813, -71.208, 10], ['ON', 'Hamilton', 43.256, -79.869, 8],
    ['NS', 'Halifax', 44.649, -63.575, 8], ['BC', 'Victoria', 48.428, -123.366, 6], ['SK', 'Saskatoon', 52.133, -106.67, 8],
    ['SK', 'Regina', 50.445, -104.619, 8], ['ON', 'London', 42.984, -81.245, 8],
  ],
  AU: [
    ['NSW', 'Sydney', -33.869, 151.209, 25], ['VIC', 'Melbourne', -37.814, 144.963, 25], ['QLD', 'Brisbane', -27.47, 153.025, 18],
    ['WA', 'Perth', -31.95, 115.86, 20], ['SA', 'Adelaide', -34.929, 138.601, 15], ['QLD', 'Gold Coast', -28.017, 153.4, 15],
    ['ACT', 'Canberra', -35.281, 149.13, 12], ['NSW', 'Newcastle', -32.928, 151.776, 10], ['TAS', 'Hobart', -42.882, 147.327, 8],
    ['NT', 'Darwin', -12.463, 130.846, 8], ['NSW', 'Wollongong', -34.425, 150.893, 8], ['VIC', 'Geelong', -38.149, 144.361, 8],
    ['QLD', 'Cairns', -16.918, 145.778, 8], ['QLD', 'Townsville', -19.259, 146.817, 8],
  ],
  NZ: [
    ['AUK', 'Auckland', -36.849, 174.763, 20], ['WGN', 'Wellington', -41.287, 174.776, 10], ['CAN', 'Christchurch', -43.532, 172.636, 12],
    ['WKO', 'Hamilton', -37.787, 175.279, 8], ['BOP', 'Tauranga', -37.687, 176.166, 8], ['OTA', 'Dunedin', -45.874, 170.504, 8],
    ['MWT', 'Palmerston North', -40.352, 175.608, 6], ['HKB', 'Napier', -39.493, 176.912, 6], ['NSN', 'Nelson', -41.271, 173.284, 6],
    ['TKI', 'New Plymouth', -39.057, 174.075, 6], ['STL', 'Invercargill', -46.413, 168.354, 6],
  ],
  NL: [
    ['NH', 'Amsterdam', 52.37, 4.895, 9], ['ZH', 'Rotterdam', 51.922, 4.479, 9], ['ZH', 'Den Haag', 52.07, 4.3, 7],
    ['UT', 'Utrecht', 52.091, 5.122, 7], ['NB', 'Eindhoven', 51.441, 5.478, 7], ['GR', 'Groningen', 53.219, 6.567, 7],
    ['NB', 'Tilburg', 51.56, 5.091, 6], ['FL', 'Almere', 52.371, 5.222, 7], ['NB', 'Breda', 51.589, 4.776, 6],
    ['GE', 'Nijmegen', 51.842, 5.853, 6], ['GE', 'Arnhem', 51.985, 5.899, 6], ['NH', 'Haarlem', 52.387, 4.646, 5],
    ['OV', 'Enschede', 52.222, 6.894, 6], ['GE', 'Apeldoorn', 52.211, 5.969, 6], ['UT', 'Amersfoort', 52.156, 5.387, 5],
    ['OV', 'Zwolle', 52.517, 6.083, 5], ['ZH', 'Leiden', 52.16, 4.497, 4], ['LI', 'Maastricht', 50.851, 5.691, 6],
    ['ZH', 'Dordrecht', 51.813, 4.69, 5], ['ZH', 'Zoetermeer', 52.057, 4.493, 4], ['NB', "'s-Hertogenbosch", 51.697, 5.304, 5],
    ['FR', 'Leeuwarden', 53.201, 5.8, 5], ['ZH', 'Delft', 52.012, 4.357, 3], ['NH', 'Alkmaar', 52.632, 4.748, 4],
    ['LI', 'Venlo', 51.37, 6.172, 5], ['OV', 'Deventer', 52.255, 6.163, 4], ['NH', 'Hilversum', 52.223, 5.176, 4],
    ['DR', 'Assen', 52.993, 6.564, 4], ['DR', 'Emmen', 52.786, 6.897, 5], ['ZE', 'Middelburg', 51.499, 3.614, 4],
    ['FL', 'Lelystad', 52.518, 5.471, 5], ['NH', 'Zaandam', 52.439, 4.826, 4], ['LI', 'Heerlen', 50.888, 5.98, 4],
  ],
  BE: [
    ['BRU', 'Brussel', 50.85, 4.352, 8], ['VLG', 'Antwerpen', 51.219, 4.402, 8], ['VLG', 'Gent', 51.054, 3.717, 6],
    ['WAL', 'Charleroi', 50.411, 4.444, 6], ['WAL', 'Liège', 50.633, 5.567, 6], ['VLG', 'Brugge', 51.209, 3.224, 5],
    ['WAL', 'Namur', 50.467, 4.867, 5], ['VLG', 'Leuven', 50.88, 4.7, 4], ['WAL', 'Mons', 50.454, 3.952, 5],
    ['VLG', 'Mechelen', 51.026, 4.478, 4], ['VLG', 'Aalst', 50.938, 4.039, 4], ['VLG', 'Hasselt', 50.931, 5.338, 4],
    ['VLG', 'Kortrijk', 50.828, 3.265, 4], ['VLG', 'Oostende', 51.216, 2.927, 4], ['VLG', 'Genk', 50.965, 5.5, 4],
  ],
  FR: [
    ['IDF', 'Paris', 48.857, 2.352, 9], ['PAC', 'Marseille', 43.296, 5.37, 12], ['ARA', 'Lyon', 45.764, 4.836, 8],
    ['OCC', 'Toulouse', 43.605, 1.444, 9], ['PAC', 'Nice', 43.71, 7.262, 7], ['PDL', 'Nantes', 47.218, -1.554, 8],
    ['GES', 'Strasbourg', 48.573, 7.752, 7], ['OCC', 'Montpellier', 43.611, 3.877, 7], ['NAQ', 'Bordeaux', 44.838, -0.579, 8],
    ['HDF', 'Lille', 50.629, 3.057, 7], ['BRE', 'Rennes', 48.117, -1.678, 6], ['GES', 'Reims', 49.258, 4.032, 6],
    ['NOR', 'Le Havre', 49.494, 0.108, 6], ['ARA', 'Saint-Étienne', 45.44, 4.387, 6], ['PAC', 'Toulon', 43.124, 5.928, 6],
    ['ARA', 'Grenoble', 45.188, 5.724, 6], ['BFC', 'Dijon', 47.322, 5.041, 6], ['PDL', 'Angers', 47.478, -0.563, 5],
    ['OCC', 'Nîmes', 43.837, 4.36, 5], ['ARA', 'Clermont-Ferrand', 45.778, 3.087, 6], ['PDL', 'Le Mans', 48.006, 0.199, 5],
    ['PAC', 'Aix-en-Provence', 43.529, 5.447, 6], ['BRE', 'Brest', 48.39, -4.486, 5], ['CVL', 'Tours', 47.394, 0.685, 5],
    ['HDF', 'Amiens', 49.894, 2.296, 5], ['NAQ', 'Limoges', 45.834, 1.261, 5], ['NOR', 'Rouen', 49.443, 1.099, 6],
    ['NOR', 'Caen', 49.182, -0.371, 5], ['GES', 'Metz', 49.119, 6.176, 5], ['CVL', 'Orléans', 47.903, 1.909, 5],
    ['COR', 'Ajaccio', 41.919, 8.739, 5], ['BFC', 'Besançon', 47.238, 6.024, 5], ['OCC', 'Perpignan', 42.699, 2.895, 5],
  ],
  IT: [
    ['62', 'Roma', 41.903, 12.496, 15], ['25', 'Milano', 45.464, 9.19, 10], ['72', 'Napoli', 40.852, 14.268, 8],
    ['21', 'Torino', 45.07, 7.687, 8], ['82', 'Palermo', 38.116, 13.361, 8], ['42', 'Genova', 44.405, 8.946, 8],
    ['45', 'Bologna', 44.494, 11.343, 7], ['52', 'Firenze', 43.77, 11.256, 7], ['75', 'Bari', 41.117, 16.872, 7],
    ['82', 'Catania', 37.502, 15.087, 7], ['34', 'Venezia', 45.441, 12.316, 8], ['34', 'Verona', 45.438, 10.992, 6],
    ['82', 'Messina', 38.194, 15.554, 6], ['34', 'Padova', 45.406, 11.877, 6], ['36', 'Trieste', 45.65, 13.777, 6],
    ['25', 'Brescia', 45.541, 10.212, 6], ['45', 'Parma', 44.801, 10.328, 5], ['75', 'Taranto', 40.464, 17.247, 5],
    ['52', 'Prato', 43.878, 11.102, 4], ['45', 'Modena', 44.647, 10.925, 5], ['78', 'Reggio Calabria', 38.111, 15.648, 6],
    ['55', 'Perugia', 43.111, 12.389, 5], ['88', 'Cagliari', 39.224, 9.122, 6], ['57', 'Ancona', 43.616, 13.519, 5],
    ['65', 'Pescara', 42.462, 14.214, 5], ['32', 'Trento', 46.067, 11.121, 5], ['32', 'Bolzano', 46.498, 11.355, 4],
    ['23', 'Aosta', 45.737, 7.315, 3], ['77', 'Potenza', 40.64, 15.806, 4], ['67', 'Campobasso', 41.561, 14.668, 3],
    ['65', "L'Aquila", 42.35, 13.4, 4],
  ],
  ES: [
    ['M', 'Madrid', 40.417, -3.704, 15], ['B', 'Barcelona', 41.385, 2.173, 10], ['V', 'Valencia', 39.47, -0.376, 8],
    ['SE', 'Sevilla', 37.389, -5.984, 8], ['Z', 'Zaragoza', 41.649, -0.889, 8], ['MA', 'Málaga', 36.721, -4.421, 8],
    ['MU', 'Murcia', 37.992, -1.131, 7], ['PM', 'Palma', 39.57, 2.65, 7], ['GC', 'Las Palmas de Gran Canaria', 28.124, -15.436, 7],
    ['BI', 'Bilbao', 43.263, -2.935, 7], ['A', 'Alicante', 38.345, -0.481, 6], ['CO', 'Córdoba', 37.888, -4.779, 6],
    ['VA', 'Valladolid', 41.652, -4.725, 6], ['PO', 'Vigo', 42.24, -8.721, 6], ['O', 'Gijón', 43.532, -5.661, 5],
    ['O', 'Oviedo', 43.362, -5.849, 4], ['C', 'A Coruña', 43.362, -8.411, 5], ['GR', 'Granada', 37.177, -3.599, 5],
    ['VI', 'Vitoria-Gasteiz', 42.847, -2.672, 5], ['TF', 'Santa Cruz de Tenerife', 28.464, -16.252, 6], ['NA', 'Pamplona', 42.812, -1.645, 5],
    ['SS', 'San Sebastián', 43.318, -1.981, 5], ['S', 'Santander', 43.462, -3.81, 5], ['CA', 'Cádiz', 36.527, -6.289, 4],
    ['SA', 'Salamanca', 40.97, -5.664, 4], ['TO', 'Toledo', 39.863, -4.027, 4], ['AL', 'Almería', 36.834, -2.464, 5],
    ['CS', 'Castellón de la Plana', 39.986, -0.051, 4], ['LO', 'Logroño', 42.466, -2.445, 4], ['BU', 'Burgos', 42.344, -3.697, 4],
    ['T', 'Tarragona', 41.119, 1.245, 4], ['GI', 'Girona', 41.979, 2.821, 4], ['L', 'Lleida', 41.617, 0.62, 4],
    ['LE', 'León', 42.599, -5.567, 4], ['BA', 'Badajoz', 38.879, -6.971, 4], ['H', 'Huelva', 37.261, -6.945, 4],
    ['J', 'Jaén', 37.779, -3.785, 4],
  ],
  DE: [
    ['BE', 'Berlin', 52.52, 13.405, 20], ['HH', 'Hamburg', 53.551, 9.994, 15], ['BY', 'München', 48.137, 11.576, 12],
    ['NW', 'Köln', 50.938, 6.96, 10], ['HE', 'Frankfurt am Main', 50.11, 8.682, 9], ['BW', 'Stuttgart', 48.776, 9.183, 8],
    ['NW', 'Düsseldorf', 51.228, 6.774, 8], ['SN', 'Leipzig', 51.34, 12.375, 8], ['NW', 'Dortmund', 51.514, 7.468, 8],
    ['NW', 'Essen', 51.456, 7.012, 7], ['HB', 'Bremen', 53.079, 8.802, 9], ['SN', 'Dresden', 51.05, 13.738, 9],
    ['NI', 'Hannover', 52.376, 9.732, 9], ['BY', 'Nürnberg', 49.452, 11.077, 8], ['NW', 'Duisburg', 51.435, 6.763, 6],
    ['NW', 'Bochum', 51.482, 7.216, 5], ['NW', 'Wuppertal', 51.256, 7.151, 6], ['NW', 'Bielefeld', 52.03, 8.532, 7],
    ['NW', 'Bonn', 50.737, 7.098, 6], ['NW', 'Münster', 51.96, 7.626, 7], ['BW', 'Karlsruhe', 49.007, 8.404, 6],
    ['BW', 'Mannheim', 49.487, 8.466, 6], ['BY', 'Augsburg', 48.37, 10.898, 6], ['HE', 'Wiesbaden', 50.078, 8.24, 6],
    ['SH', 'Kiel', 54.323, 10.123, 6], ['ST', 'Magdeburg', 52.121, 11.628, 6], ['BW', 'Freiburg im Breisgau', 47.999, 7.842, 6],
    ['RP', 'Mainz', 49.993, 8.247, 5], ['TH', 'Erfurt', 50.978, 11.029, 6], ['MV', 'Rostock', 54.092, 12.099, 6],
    ['SL', 'Saarbrücken', 49.24, 6.997, 6], ['BB', 'Potsdam', 52.391, 13.065, 6], ['SH', 'Lübeck', 53.866, 10.687, 5],
    ['HE', 'Kassel', 51.313, 9.48, 5], ['BW', 'Heidelberg', 49.399, 8.672, 4], ['BY', 'Regensburg', 49.013, 12.102, 5],
    ['BY', 'Würzburg', 49.792, 9.954, 5], ['NI', 'Braunschweig', 52.269, 10.521, 6], ['NI', 'Osnabrück', 52.279, 8.047, 5],
    ['NI', 'Oldenburg', 53.144, 8.214, 5], ['SN', 'Chemnitz', 50.828, 12.921, 6], ['ST', 'Halle (Saale)', 51.483, 11.97, 6],
    ['MV', 'Schwerin', 53.635, 11.401, 4], ['NW', 'Aachen', 50.776, 6.084, 6],
  ],
  AT: [
    ['9', 'Wien', 48.208, 16.373, 12], ['6', 'Graz', 47.071, 15.44, 7], ['4', 'Linz', 48.306, 14.286, 6],
    ['5', 'Salzburg', 47.809, 13.055, 6], ['7', 'Innsbruck', 47.269, 11.404, 5], ['2', 'Klagenfurt', 46.624, 14.308, 5],
    ['2', 'Villach', 46.61, 13.855, 4], ['4', 'Wels', 48.157, 14.025, 4], ['3', 'St. Pölten', 48.204, 15.626, 4],
    ['8', 'Dornbirn', 47.414, 9.742, 4], ['8', 'Bregenz', 47.503, 9.747, 3], ['1', 'Eisenstadt', 47.846, 16.527, 3],
  ],
  CH: [
    ['ZH', 'Zürich', 47.377, 8.541, 7], ['GE', 'Genève', 46.204, 6.143, 6], ['BS', 'Basel', 47.56, 7.589, 5],
    ['VD', 'Lausanne', 46.52, 6.633, 5], ['BE', 'Bern', 46.948, 7.447, 6], ['ZH', 'Winterthur', 47.5, 8.724, 4],
    ['LU', 'Luzern', 47.05, 8.309, 4], ['SG', 'St. Gallen', 47.424, 9.377, 4], ['TI', 'Lugano', 46.004, 8.951, 4],
    ['BE', 'Biel/Bienne', 47.137, 7.247, 4], ['FR', 'Fribourg', 46.806, 7.162, 3], ['NE', 'Neuchâtel', 46.99, 6.931, 3],
    ['VS', 'Sion', 46.233, 7.36, 3], ['GR', 'Chur', 46.85, 9.532, 3], ['SH', 'Schaffhausen', 47.697, 8.634, 3],
    ['ZG', 'Zug', 47.166, 8.516, 3],
  ],
  PL: [
    ['14', 'Warszawa', 52.23, 21.012, 15], ['12', 'Kraków', 50.065, 19.945, 10], ['10', 'Łódź', 51.759, 19.456, 9],
    ['02', 'Wrocław', 51.108, 17.039, 9], ['30', 'Poznań', 52.406, 16.925, 9], ['22', 'Gdańsk', 54.352, 18.647, 8],
    ['32', 'Szczecin', 53.428, 14.553, 8], ['04', 'Bydgoszcz', 53.124, 18.008, 7], ['06', 'Lublin', 51.246, 22.568, 7],
    ['20', 'Białystok', 53.133, 23.169, 7], ['24', 'Katowice', 50.265, 19.024, 6], ['22', 'Gdynia', 54.519, 18.531, 6],
    ['24', 'Częstochowa', 50.812, 19.12, 6], ['14', 'Radom', 51.403, 21.147, 5], ['04', 'Toruń', 53.013, 18.598, 5],
    ['18', 'Rzeszów', 50.041, 21.999, 5], ['26', 'Kielce', 50.866, 20.628, 5], ['28', 'Olsztyn', 53.778, 20.48, 5],
    ['16', 'Opole', 50.675, 17.921, 5], ['08', 'Zielona Góra', 51.935, 15.506, 5], ['08', 'Gorzów Wielkopolski', 52.731, 15.238, 5],
    ['24', 'Gliwice', 50.294, 18.666, 5], ['24', 'Sosnowiec', 50.286, 19.104, 4], ['24', 'Bielsko-Biała', 49.822, 19.058, 5],
  ],
};

export const MAJOR_CITIES: MajorCity[] = Object.entries(BY_COUNTRY).flatMap(([country, rows]) =>
  rows.map(([region, name, lat, lon, radiusKm]) => ({ country, region, name, lat, lon, radiusKm })),
);

const EARTH_RADIUS_KM = 6371;

export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const toRad = Math.PI / 180;
  const dLat = (lat2 - lat1) * toRad;
  const dLon = (lon2 - lon1) * toRad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * toRad) * Math.cos(lat2 * toRad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The nearest city of the table in `country` whose radius holds the point, or null. */
export function majorCityAt(lat: number, lon: number, country: string): MajorCity | null {
  let best: { city: MajorCity; distance: number } | null = null;
  for (const city of MAJOR_CITIES) {
    if (city.country !== country) continue;
    const distance = distanceKm(lat, lon, city.lat, city.lon);
    if (distance <= city.radiusKm && (!best || distance < best.distance)) best = { city, distance };
  }
  return best?.city ?? null;
}
