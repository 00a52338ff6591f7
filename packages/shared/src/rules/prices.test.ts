import { describe, expect, it } from 'vitest';
import {
  bestPackage,
  bestPricePerMessage,
  currencyOfCountry,
  formatMoney,
  minimumMessageCosts,
  packagePrice,
  packagesIn,
  payerCurrency,
  pricePerMessage,
  siteCurrencies,
  type PriceSettings,
} from './prices';

const site: PriceSettings = {
  currency: 'EUR',
  credit_packages: [
    { id: 'p0', credits: 50, amount: 995, popular: false },
    { id: 'p1', credits: 120, amount: 1995, popular: true },
    { id: 'p2', credits: 300, amount: 3995, popular: false },
    { id: 'p3', credits: 800, amount: 8995, popular: false },
  ],
  price_lists: {
    GBP: { p0: 899, p1: 1799, p2: 3499, p3: 7999 },
    PLN: { p0: 4299, p1: 8499, p2: 16999, p3: 37999 },
  },
  message_credits: 10,
};

describe('the payer currency', () => {
  it("is the payment country's currency when the site sells in it, else the site's", () => {
    expect(payerCurrency(site, 'GB')).toBe('GBP');
    expect(payerCurrency(site, 'PL')).toBe('PLN');
    expect(payerCurrency(site, 'NL')).toBe('EUR');
    // The site holds no USD or CHF list: a payer from there pays in euros.
    expect(payerCurrency(site, 'US')).toBe('EUR');
    expect(payerCurrency(site, 'CH')).toBe('EUR');
    expect(payerCurrency({ currency: 'GBP', price_lists: {} }, 'NL')).toBe('GBP');
  });

  it("knows each served country's currency", () => {
    expect(currencyOfCountry('GB')).toBe('GBP');
    expect(currencyOfCountry('CH')).toBe('CHF');
    expect(currencyOfCountry('AT')).toBe('EUR');
    expect(currencyOfCountry('ZZ')).toBeNull();
    expect(siteCurrencies(site)).toEqual(['EUR', 'GBP', 'PLN']);
  });
});

describe('package prices', () => {
  it("come from the price list of the currency, with the packages' credits", () => {
    expect(packagesIn(site, 'GBP').map((p) => [p.id, p.credits, p.amount])).toEqual([
      ['p0', 50, 899],
      ['p1', 120, 1799],
      ['p2', 300, 3499],
      ['p3', 800, 7999],
    ]);
    expect(packagePrice(site, 'EUR', 'p1')).toBe(1995);
    expect(packagePrice(site, 'PLN', 'p3')).toBe(37999);
    expect(packagePrice(site, 'EUR', 'p9')).toBeUndefined();
    // A currency the site does not sell in is never priced at zero: the site's own list answers.
    expect(packagePrice(site, 'USD', 'p1')).toBe(1995);
  });

  it('give the price of a message, rounded up, and the best one of all packages', () => {
    expect(pricePerMessage({ credits: 120, amount: 1995 }, 10)).toBe(167);
    expect(pricePerMessage({ credits: 120, amount: 1995 }, 0)).toBeNull();
    expect(bestPackage(packagesIn(site, 'GBP'))?.id).toBe('p3');
    expect(bestPricePerMessage(packagesIn(site, 'GBP'), 10)).toBe(100);
    expect(bestPricePerMessage(packagesIn(site, 'EUR'), 10)).toBe(113);
    // Equal price per credit: the larger package.
    expect(
      bestPackage([
        { credits: 10, amount: 100 },
        { credits: 20, amount: 200 },
      ])?.credits,
    ).toBe(20);
  });

  it("derive settings.php's minimum_message_costs per served country", () => {
    expect(minimumMessageCosts(site, ['GB', 'PL', 'NL', 'US'])).toEqual({
      GB: { costs: 100, currency: 'GBP' },
      PL: { costs: 475, currency: 'PLN' },
      NL: { costs: 113, currency: 'EUR' },
      US: { costs: 113, currency: 'EUR' },
    });
    expect(minimumMessageCosts({ ...site, message_credits: 0 }, ['GB'])).toEqual({});
  });
});

describe("money in the member's notation", () => {
  it('writes each currency as the locale does', () => {
    expect(formatMoney('en-GB', 1496, 'GBP')).toBe('£14.96');
    expect(formatMoney('en-GB', 1496, 'EUR')).toBe('€14.96');
    expect(formatMoney('pl-PL', 4299, 'PLN').replace(/\s/g, ' ')).toBe('42,99 zł');
    expect(formatMoney('de-DE', 995, 'EUR').replace(/\s/g, ' ')).toBe('9,95 €');
    expect(formatMoney('en-GB', 995, 'XX')).toBe('9.95 XX');
  });
});
