// The price of a new copy of an edition, entered by an admin (GET, PUT and DELETE /admin/new-prices): the
// admin form, the request body and the answers. GET /editions/:isbn answers it as `newPrice`, and the sell
// wizard's price guidance shows it with the 40-60% rule of thumb. Same bounds as a listing's price.
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { randField, withNumbersFromText } from './common';
import { isbnField } from './listing';
import { listResponseSchema } from './responses';

/** A new price in rand: above R0, at most 6 digits before the decimal point and 2 after it. */
export function newPriceField() {
  return randField({ required: MESSAGES.newPriceRequired, invalid: MESSAGES.newPriceNumber, positive: MESSAGES.newPricePositive, digits: MESSAGES.newPriceDigits });
}

/** The ISBN in the path of PUT and DELETE /admin/new-prices/:isbn: 10 or 13 digits, hyphens allowed, as its ISBN-13. */
export const newPriceParamsSchema = z.object({ isbn: isbnField() });

/** PUT /admin/new-prices/:isbn: sets or replaces the new price of that ISBN. */
export const newPriceBodySchema = z.object({ price: newPriceField() });
export type NewPriceBody = z.output<typeof newPriceBodySchema>;

/** The admin form: the ISBN and the price as typed (text), checked by the same rules. */
export const newPriceFormSchema = withNumbersFromText(z.object({ isbn: isbnField(), price: newPriceField() }), ['price']);
export type NewPriceForm = z.output<typeof newPriceFormSchema>;

export const newPriceSchema = z
  .object({
    isbn13: z.string().describe('13 digits, no hyphens'),
    price: z.number().describe('Rand, at most 2 decimals: the price of a new copy'),
    title: z.string().nullable().describe("The edition's title (from its most recent approved listing), or null when no approved listing has this ISBN"),
    setBy: z
      .object({ id: z.string(), firstName: z.string() })
      .nullable()
      .describe('The admin who set it; null once that account is erased'),
    setAt: z.string().describe('ISO 8601 UTC time'),
  })
  .meta({ id: 'NewPrice' });
export type NewPrice = z.output<typeof newPriceSchema>;

export const newPriceResponseSchema = z.object({ newPrice: newPriceSchema });
export type NewPriceResponse = z.output<typeof newPriceResponseSchema>;

/** GET /admin/new-prices: the most recently set first. */
export const newPriceListSchema = listResponseSchema(newPriceSchema);
