/**
 * The two demo sites and their operator: `localhost` in English and `nl.localhost` in Dutch.
 * Deterministic and idempotent: rows are keyed by domain (sites) and name (company).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { LocalizedText } from '@cupido/shared/rules/locales';
import type { Database } from '../db/open';
import { companies, sites } from '../db/schema';

export const DEMO_COMPANY = {
  name: 'Cupido Media B.V.',
  address: 'Keizersgracht 123',
  kvk: '87654321',
  city: 'Amsterdam',
  country: 'NL',
  tradenames: ['Cupido', 'Amora'],
  vatNumbers: ['NL864209753B01'],
  supportPhone: '+31 20 765 4321',
  deleteDiscount: 50,
  added: new Date('2024-05-01T09:00:00Z'),
};

const fictionalWarning: LocalizedText = {
  en: 'Some profiles on this site are fictional and run by our staff. They are always marked with the mask icon. You cannot meet them in person.',
  nl: 'Sommige profielen op deze site zijn fictief en worden beheerd door onze medewerkers. Ze zijn altijd gemarkeerd met het maskericoon. Je kunt ze niet in het echt ontmoeten.',
  de: 'Einige Profile auf dieser Seite sind fiktiv und werden von unseren Mitarbeitern betrieben. Sie sind immer mit dem Maskensymbol gekennzeichnet. Ein persönliches Treffen mit ihnen ist nicht möglich.',
  it: 'Alcuni profili di questo sito sono fittizi e gestiti dal nostro staff. Sono sempre contrassegnati dall’icona della maschera. Non puoi incontrarli di persona.',
  fr: 'Certains profils de ce site sont fictifs et animés par notre équipe. Ils sont toujours signalés par l’icône du masque. Vous ne pouvez pas les rencontrer en personne.',
  es: 'Algunos perfiles de este sitio son ficticios y los gestiona nuestro equipo. Siempre llevan el icono de la máscara. No puedes quedar con ellos en persona.',
  pl: 'Niektóre profile w tym serwisie są fikcyjne i prowadzone przez naszych pracowników. Zawsze są oznaczone ikoną maski. Nie można spotkać się z nimi osobiście.',
};
const fictionalSingular: LocalizedText = {
  en: 'Fictional profile',
  nl: 'Fictief profiel',
  de: 'Fiktives Profil',
  it: 'Profilo fittizio',
  fr: 'Profil fictif',
  es: 'Perfil ficticio',
  pl: 'Profil fikcyjny',
};
const fictionalPlural: LocalizedText = {
  en: 'Fictional profiles',
  nl: 'Fictieve profielen',
  de: 'Fiktive Profile',
  it: 'Profili fittizi',
  fr: 'Profils fictifs',
  es: 'Perfiles ficticios',
  pl: 'Profile fikcyjne',
};

type SiteSeed = Omit<typeof sites.$inferInsert, 'companyId'>;

/** Rounded local prices of the packages p0-p3 (10, 20, 40 and 90 euros or so), minor units. */
const CUPIDO_PRICE_LISTS: NonNullable<SiteSeed['priceLists']> = {
  GBP: { p0: 899, p1: 1699, p2: 3499, p3: 7999 },
  PLN: { p0: 4299, p1: 8499, p2: 16999, p3: 37999 },
  USD: { p0: 1099, p1: 2199, p2: 4499, p3: 9999 },
};

export const DEMO_SITES: SiteSeed[] = [
  {
    domain: 'localhost',
    isDefault: true,
    name: 'Cupido',
    logoText: 'Cupido',
    themeColor: '#d63384',
    domainLanguage: 'en',
    // Poland too (issue 29): a site selling in a further currency in the demo, in PLN.
    countries: ['GB', 'IE', 'US', 'CA', 'AU', 'NZ', 'PL'],
    // Most of its members live in Britain and Ireland; browsers elsewhere tell their own zone.
    timeZone: 'Europe/London',
    indexTitle: {
      en: 'Cupido – dating and chat for adults',
      nl: 'Cupido – daten en chatten voor volwassenen',
      de: 'Cupido – Dating und Chat für Erwachsene',
      it: 'Cupido – incontri e chat per adulti',
      fr: 'Cupido – rencontres et chat entre adultes',
      es: 'Cupido – citas y chat para adultos',
      pl: 'Cupido – randki i czat dla dorosłych',
    },
    description: {
      en: 'Meet singles near you, build a profile with your photos and interests, and chat one to one.',
      nl: 'Ontmoet singles bij jou in de buurt, maak een profiel met je foto’s en interesses en chat één op één.',
      de: 'Lerne Singles in deiner Nähe kennen, erstelle ein Profil mit deinen Fotos und Interessen und chatte zu zweit.',
      it: 'Conosci single vicino a te, crea un profilo con le tue foto e i tuoi interessi e chatta a tu per tu.',
      fr: 'Rencontrez des célibataires près de chez vous, créez un profil avec vos photos et vos centres d’intérêt, et discutez en tête-à-tête.',
      es: 'Conoce a solteros cerca de ti, crea un perfil con tus fotos e intereses y chatea de tú a tú.',
      pl: 'Poznaj singli w swojej okolicy, utwórz profil ze zdjęciami i zainteresowaniami i rozmawiaj na czacie jeden na jeden.',
    },
    visibleProfileFields: ['age', 'city', 'relationship_status', 'body_type'],
    visibleProfileNotes: ['signup_reason'],
    signups: 'all',
    loggedOutSearch: 'all',
    // The packages' amounts are in euros (the default currency); payers from the UK, Poland and
    // the US pay from these lists (decision 037). Ireland, Canada, Australia and New Zealand pay in euros.
    priceLists: CUPIDO_PRICE_LISTS,
    messageCredits: 10,
    signupCredits: 20,
    photoCredits: 5,
    giftCredits: 25,
    supportPhone: '+44 20 7946 0123',
    supportEmail: 'support@cupido.example',
    fictionalWarning,
    fictionalSingular,
    fictionalPlural,
    fictionalIcon: '🎭',
    refundDays: 14,
  },
  {
    domain: 'nl.localhost',
    isDefault: false,
    name: 'Amora',
    logoText: 'Amora',
    themeColor: '#c2410c',
    domainLanguage: 'nl',
    countries: ['NL', 'BE'],
    timeZone: 'Europe/Amsterdam',
    indexTitle: {
      en: 'Amora – dating in the Netherlands and Belgium',
      nl: 'Amora – daten in Nederland en België',
      de: 'Amora – Dating in den Niederlanden und Belgien',
      it: 'Amora – incontri nei Paesi Bassi e in Belgio',
      fr: 'Amora – rencontres aux Pays-Bas et en Belgique',
      es: 'Amora – citas en los Países Bajos y Bélgica',
      pl: 'Amora – randki w Holandii i Belgii',
    },
    description: {
      en: 'The Dutch and Flemish place to meet, like and chat with singles who live nearby.',
      nl: 'Dé plek in Nederland en Vlaanderen om singles uit de buurt te ontmoeten, te liken en mee te chatten.',
      de: 'Der Treffpunkt in den Niederlanden und Flandern, um Singles aus der Nähe kennenzulernen, zu liken und mit ihnen zu chatten.',
      it: 'Il posto giusto in Olanda e nelle Fiandre per conoscere single della zona, mettere like e chattare.',
      fr: 'Le lieu de rencontre des Pays-Bas et de Flandre pour découvrir, liker et discuter avec des célibataires proches de chez vous.',
      es: 'El lugar de Países Bajos y Flandes para conocer, dar like y chatear con solteros de tu zona.',
      pl: 'Miejsce w Holandii i Flandrii, gdzie poznasz singli z okolicy, polubisz ich profile i porozmawiasz na czacie.',
    },
    visibleProfileFields: ['age', 'city', 'relationship_status'],
    visibleProfileNotes: ['signup_reason'],
    signups: 'all',
    loggedOutSearch: 'none',
    messageCredits: 10,
    signupCredits: 20,
    photoCredits: 5,
    giftCredits: 25,
    supportPhone: '+31 20 765 4321',
    supportEmail: 'klantenservice@amora.example',
    fictionalWarning,
    fictionalSingular,
    fictionalPlural,
    fictionalIcon: '🎭',
    refundDays: 14,
  },
];

/** Inserts the demo company and sites when missing; returns the sites by domain. */
export async function seedDemoSites(db: Database) {
  return db.transaction(async (tx) => {
    let [company] = await tx.select().from(companies).where(eq(companies.name, DEMO_COMPANY.name)).limit(1);
    company ??= (await tx.insert(companies).values(DEMO_COMPANY).returning())[0]!;
    for (const site of DEMO_SITES) {
      await tx
        .insert(sites)
        .values({ ...site, companyId: company.id })
        .onConflictDoNothing({ target: sites.domain });
      // A demo database from before the price lists (migration 0016 left them empty) gets them
      // once; a list staff have set since is theirs, so a second run changes nothing.
      if (site.priceLists && Object.keys(site.priceLists).length > 0) {
        await tx
          .update(sites)
          .set({ priceLists: site.priceLists, countries: site.countries })
          .where(and(eq(sites.domain, site.domain), sql`${sites.priceLists} = '{}'::jsonb`));
      }
    }
    return tx.select().from(sites).orderBy(sites.id);
  });
}
