/** The `vatrates` package (EU VAT rates by date; plain JavaScript without its own types). */
declare module 'vatrates' {
  export default class VATRates {
    /** Rates in force on `date` (today without it). */
    constructor(date?: Date);
    setDate(date: Date): void;
    /** Two-letter codes as the package knows them ('EL' for Greece, 'UK' for the United Kingdom; 'GR' and 'GB' work too). */
    isVATCountry(countryCode: string): boolean;
    /** Percent, possibly with decimals (17.5); undefined outside the package's countries. */
    getStandardRate(countryCode: string): number | undefined;
    getReducedRates(countryCode: string): number[] | undefined;
    getSuperReducedRate(countryCode: string): number | undefined;
    getParkingRate(countryCode: string): number | undefined;
  }
}
