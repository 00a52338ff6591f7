/**
 * Real places for the demo profiles: per country, regions (the `country-region-data` short code)
 * with a few real cities in each, and the faker locale whose names fit the country. A region with
 * more cities listed gets more profiles, a rough stand-in for population.
 */
import { Faker, base, en, en_AU, en_CA, en_GB, en_IE, en_US, nl, nl_BE, type LocaleDefinition } from '@faker-js/faker';

export interface DemoCountry {
  /** Name locales, most specific first. New Zealand has no faker locale: Australian names fit. */
  locales: LocaleDefinition[];
  /** Region short code (country-region-data) -> real cities in that region. */
  places: Record<string, string[]>;
}

export const DEMO_COUNTRIES: Record<string, DemoCountry> = {
  GB: {
    locales: [en_GB, en, base],
    places: {
      LND: ['London', 'London', 'London'],
      MAN: ['Manchester'], BIR: ['Birmingham'], LDS: ['Leeds'], LIV: ['Liverpool'], SHF: ['Sheffield'],
      NET: ['Newcastle upon Tyne'], NGM: ['Nottingham'], LCE: ['Leicester'], COV: ['Coventry'],
      BST: ['Bristol'], BNH: ['Brighton', 'Hove'], STH: ['Southampton'], PLY: ['Plymouth'], RDG: ['Reading'],
      MIK: ['Milton Keynes'], YOR: ['York'], KEN: ['Canterbury', 'Maidstone', 'Margate'],
      ESS: ['Chelmsford', 'Colchester'], HAM: ['Winchester', 'Basingstoke'], SRY: ['Guildford', 'Woking'],
      OXF: ['Oxford', 'Banbury'], CAM: ['Cambridge', 'Ely'], DEV: ['Exeter', 'Barnstaple'],
      CON: ['Truro', 'Falmouth'], NYK: ['Harrogate', 'Scarborough'], LAN: ['Preston', 'Lancaster'],
      NFK: ['Norwich', "King's Lynn"], GLG: ['Glasgow'], EDH: ['Edinburgh'], ABE: ['Aberdeen'],
      CRF: ['Cardiff'], SWA: ['Swansea'], BFS: ['Belfast'],
    },
  },
  IE: {
    locales: [en_IE, en, base],
    places: {
      D: ['Dublin', 'Dublin', 'Swords', 'Dún Laoghaire'], CO: ['Cork', 'Cobh'], G: ['Galway'], LK: ['Limerick'],
      WD: ['Waterford'], KE: ['Naas', 'Newbridge'], MH: ['Navan'], LH: ['Drogheda', 'Dundalk'], WX: ['Wexford'],
      KY: ['Tralee', 'Killarney'], SO: ['Sligo'], KK: ['Kilkenny'], WW: ['Bray'],
    },
  },
  US: {
    locales: [en_US, en, base],
    places: {
      CA: ['Los Angeles', 'San Francisco', 'San Diego', 'Sacramento', 'Oakland'],
      NY: ['New York', 'New York', 'Buffalo', 'Albany'], TX: ['Houston', 'Austin', 'Dallas', 'San Antonio'],
      FL: ['Miami', 'Orlando', 'Tampa'], IL: ['Chicago'], WA: ['Seattle', 'Spokane'], MA: ['Boston', 'Cambridge'],
      CO: ['Denver', 'Boulder'], GA: ['Atlanta', 'Savannah'], PA: ['Philadelphia', 'Pittsburgh'], OR: ['Portland'],
      AZ: ['Phoenix', 'Tucson'], NV: ['Las Vegas'], MN: ['Minneapolis'], NC: ['Charlotte', 'Raleigh'],
      TN: ['Nashville', 'Memphis'], OH: ['Columbus', 'Cleveland'], MI: ['Detroit', 'Ann Arbor'], LA: ['New Orleans'],
      DC: ['Washington'], NJ: ['Newark', 'Jersey City'], UT: ['Salt Lake City'], WI: ['Milwaukee', 'Madison'],
      MO: ['St. Louis', 'Kansas City'],
    },
  },
  CA: {
    locales: [en_CA, en, base],
    places: {
      ON: ['Toronto', 'Toronto', 'Ottawa', 'Hamilton', 'London'], QC: ['Montreal', 'Quebec City'],
      BC: ['Vancouver', 'Victoria', 'Kelowna'], AB: ['Calgary', 'Edmonton'], MB: ['Winnipeg'], NS: ['Halifax'],
      SK: ['Saskatoon', 'Regina'], NB: ['Moncton', 'Fredericton'], NL: ["St. John's"], PE: ['Charlottetown'],
    },
  },
  AU: {
    locales: [en_AU, en, base],
    places: {
      NSW: ['Sydney', 'Sydney', 'Newcastle', 'Wollongong'], VIC: ['Melbourne', 'Melbourne', 'Geelong', 'Ballarat'],
      QLD: ['Brisbane', 'Gold Coast', 'Cairns', 'Townsville'], WA: ['Perth', 'Fremantle'], SA: ['Adelaide'],
      TAS: ['Hobart', 'Launceston'], ACT: ['Canberra'], NT: ['Darwin'],
    },
  },
  NZ: {
    locales: [en_AU, en, base],
    places: {
      AUK: ['Auckland', 'Auckland'], WGN: ['Wellington', 'Lower Hutt'], CAN: ['Christchurch', 'Timaru'],
      WKO: ['Hamilton', 'Taupō'], BOP: ['Tauranga', 'Rotorua'], OTA: ['Dunedin', 'Queenstown'],
      HKB: ['Napier', 'Hastings'], MWT: ['Palmerston North', 'Whanganui'], NSN: ['Nelson'], NTL: ['Whangārei'],
      TKI: ['New Plymouth'], STL: ['Invercargill'],
    },
  },
  NL: {
    locales: [nl, en, base],
    places: {
      NH: ['Amsterdam', 'Amsterdam', 'Haarlem', 'Alkmaar', 'Zaandam', 'Hilversum'],
      ZH: ['Rotterdam', 'Den Haag', 'Leiden', 'Delft', 'Dordrecht', 'Gouda'], UT: ['Utrecht', 'Amersfoort', 'Zeist'],
      NB: ['Eindhoven', 'Tilburg', 'Breda', "'s-Hertogenbosch", 'Helmond'], GE: ['Arnhem', 'Nijmegen', 'Apeldoorn', 'Ede'],
      OV: ['Zwolle', 'Enschede', 'Deventer'], GR: ['Groningen'], FR: ['Leeuwarden', 'Sneek', 'Heerenveen'],
      DR: ['Assen', 'Emmen'], FL: ['Almere', 'Lelystad'], LI: ['Maastricht', 'Venlo', 'Heerlen', 'Roermond'],
      ZE: ['Middelburg', 'Vlissingen', 'Goes'],
    },
  },
  BE: {
    // The Dutch-language site: Flemish names, Flanders and Brussels.
    locales: [nl_BE, nl, en, base],
    places: {
      VLG: ['Antwerpen', 'Antwerpen', 'Gent', 'Gent', 'Brugge', 'Leuven', 'Mechelen', 'Hasselt', 'Kortrijk', 'Aalst', 'Oostende', 'Genk'],
      BRU: ['Brussel', 'Brussel'],
    },
  },
};

/** How a site's profiles spread over its countries (countries not listed weigh 1). */
export const COUNTRY_WEIGHTS: Record<string, number> = { GB: 35, US: 30, AU: 12, CA: 10, IE: 8, NZ: 5, NL: 70, BE: 30 };

/** One Faker per country, built once; the caller seeds it per profile. */
export function countryFakers(): Map<string, Faker> {
  return new Map(Object.entries(DEMO_COUNTRIES).map(([code, country]) => [code, new Faker({ locale: country.locales })]));
}

/** Every (region, city) of a country, one entry per listed city. */
export function placesOf(country: string): { region: string; city: string }[] {
  const places = DEMO_COUNTRIES[country]?.places ?? {};
  return Object.entries(places).flatMap(([region, cities]) => cities.map((city) => ({ region, city })));
}
