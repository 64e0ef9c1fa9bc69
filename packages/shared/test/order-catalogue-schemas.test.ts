import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  acceptOrderSchema,
  approveListingSchema,
  catalogueQuerySchema,
  createOrderSchema,
  declineListingSchema,
  LISTING_DECLINE_REASONS,
  meetupTimeProblem,
  meetupWindow,
  messageSchema,
  pagingQuerySchema,
  reasonSchema,
  reviewSchema,
} from '../src/index';
import { firstMessage } from './helpers';

describe('order schemas', () => {
  it('reserves a book by id', () => {
    expect(firstMessage(createOrderSchema, {})).toBe('Please choose a book');
    expect(createOrderSchema.parse({ bookId: ' abc123def456 ' })).toEqual({ bookId: 'abc123def456' });
  });

  it('accepts with a meetup place and an ISO time', () => {
    const meetup = { meetupLocation: 'Matrix Student Centre', meetupAt: '2026-11-25T12:30:00.000Z' };
    expect(firstMessage(acceptOrderSchema, meetup)).toBe('ok');
    expect(firstMessage(acceptOrderSchema, { ...meetup, meetupAt: '2026-11-25T14:30:00+02:00' })).toBe('ok');
    expect(firstMessage(acceptOrderSchema, { meetupAt: meetup.meetupAt })).toBe('Please choose a meetup place');
    expect(firstMessage(acceptOrderSchema, { ...meetup, meetupLocation: 'ab' })).toBe(
      'Meetup place must be at least 3 characters',
    );
    expect(firstMessage(acceptOrderSchema, { ...meetup, meetupLocation: 'x'.repeat(201) })).toBe(
      'Meetup place must be at most 200 characters',
    );
    expect(firstMessage(acceptOrderSchema, { meetupLocation: 'Library' })).toBe('Please choose a meetup time');
    expect(firstMessage(acceptOrderSchema, { ...meetup, meetupAt: 'tomorrow at noon' })).toBe(
      'Meetup time must be a valid date and time',
    );
  });

  it('takes an optional reason of at most 500 characters', () => {
    expect(reasonSchema.parse({})).toEqual({});
    expect(reasonSchema.parse({ reason: '  ' }).reason).toBeUndefined();
    expect(firstMessage(reasonSchema, { reason: 'x'.repeat(501) })).toBe('Reason must be at most 500 characters');
  });

  it('rates from 1 to 5 with an optional comment', () => {
    expect(firstMessage(reviewSchema, { rating: 5, comment: 'Easy meetup' })).toBe('ok');
    for (const rating of [0, 6, 4.5, '5', undefined]) {
      expect(firstMessage(reviewSchema, { rating }), String(rating)).toBe('Please choose a rating from 1 to 5');
    }
    expect(firstMessage(reviewSchema, { rating: 4, comment: 'x'.repeat(1001) })).toBe(
      'Comment must be at most 1000 characters',
    );
  });

  it('sends messages of 1 to 2000 characters', () => {
    expect(messageSchema.parse({ body: '  See you at 12  ' })).toEqual({ body: 'See you at 12' });
    expect(firstMessage(messageSchema, { body: '   ' })).toBe('Message cannot be empty');
    expect(firstMessage(messageSchema, { body: 'x'.repeat(2001) })).toBe('Message must be at most 2000 characters');
  });

  it('needs a reason to decline a listing and offers common ones', () => {
    expect(firstMessage(declineListingSchema, {})).toBe('Please give a reason for declining');
    expect(firstMessage(declineListingSchema, { reason: 'no' })).toBe('Reason must be at least 3 characters');
    for (const reason of LISTING_DECLINE_REASONS) expect(firstMessage(declineListingSchema, { reason })).toBe('ok');
    expect(LISTING_DECLINE_REASONS).toContain('Price is above the 40-60% guide');
  });

  it('names the version of the listing a moderator decided on by its updatedAt, or leaves it out', () => {
    const seen = '2026-11-21T08:00:00.123Z';
    expect(approveListingSchema.parse({})).toEqual({});
    expect(approveListingSchema.parse({ seen })).toEqual({ seen });
    expect(declineListingSchema.parse({ reason: 'Not a textbook', seen })).toEqual({ reason: 'Not a textbook', seen });
    for (const bad of ['yesterday', '', 42, null, '2026-11-21']) {
      expect(firstMessage(approveListingSchema, { seen: bad })).toBe(MESSAGES.moderationSeenInvalid);
      expect(firstMessage(declineListingSchema, { reason: 'Not a textbook', seen: bad })).toBe(MESSAGES.moderationSeenInvalid);
    }
  });
});

describe('the meetup window', () => {
  const now = new Date('2026-03-01T10:00:00.000Z');
  const at = (ms: number) => new Date(now.getTime() + ms);
  const DAY = 86_400_000;

  it('is after now and at most 30 days ahead, with one message for each side', () => {
    expect(meetupWindow(now)).toEqual({ earliest: now, latest: at(30 * DAY) });
    expect(meetupTimeProblem(now, now)).toBe('Please choose a meetup time in the future');
    expect(meetupTimeProblem(at(-1), now)).toBe('Please choose a meetup time in the future');
    expect(meetupTimeProblem(at(1), now)).toBeUndefined();
    expect(meetupTimeProblem(at(30 * DAY), now)).toBeUndefined();
    expect(meetupTimeProblem(at(30 * DAY + 1), now)).toBe('Please choose a meetup time within the next 30 days');
  });
});

describe('pagingQuerySchema (every paged list)', () => {
  it('defaults to page 1 of 20, takes up to 50, and refuses the rest with one message each', () => {
    expect(pagingQuerySchema.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(pagingQuerySchema.parse({ page: '3', pageSize: ['50', '10'] })).toEqual({ page: 3, pageSize: 50 });
    expect(pagingQuerySchema.parse({ page: ' ', pageSize: '' })).toEqual({ page: 1, pageSize: 20 });
    for (const pageSize of ['51', '0', '2.5', 'lots']) {
      expect(firstMessage(pagingQuerySchema, { pageSize })).toBe('pageSize must be a whole number from 1 to 50');
    }
    for (const page of ['0', '1000001', '1.5', 'next']) {
      expect(firstMessage(pagingQuerySchema, { page })).toBe('page must be a whole number from 1 to 1000000');
    }
  });
});

describe('catalogueQuerySchema', () => {
  it('defaults to the newest listings, 20 a page', () => {
    expect(catalogueQuerySchema.parse({})).toEqual({ sort: 'newest', page: 1, pageSize: 20 });
  });

  it('coerces query text and sorts by relevance when searching', () => {
    const query = catalogueQuerySchema.parse({
      q: '  campbell biology ',
      category: 'biology',
      university: 'wits',
      minPrice: '100',
      maxPrice: '500.5',
      page: '2',
      pageSize: '50',
    });
    expect(query).toEqual({
      q: 'campbell biology',
      category: 'biology',
      university: 'wits',
      minPrice: 100,
      maxPrice: 500.5,
      sort: 'relevance',
      page: 2,
      pageSize: 50,
    });
    expect(catalogueQuerySchema.parse({ q: 'x', sort: 'price_asc' }).sort).toBe('price_asc');
    expect(catalogueQuerySchema.parse({ sort: 'relevance' }).sort).toBe('newest');
  });

  it('cuts long search text instead of refusing it and treats blanks as unset', () => {
    const query = catalogueQuerySchema.parse({ q: 'a'.repeat(5000), category: '', minPrice: ' ' });
    expect(query.q).toHaveLength(200);
    expect(query.category).toBeUndefined();
    expect(query.minPrice).toBeUndefined();
    expect(catalogueQuerySchema.parse({ q: 'calc\u0000ulus' }).q).toBe('calc ulus');
    expect(catalogueQuerySchema.parse({ q: ['first', 'second'] }).q).toBe('first');
    expect(catalogueQuerySchema.parse({ q: '   ' }).q).toBeUndefined();
  });

  it('refuses bad filter values with a clear message', () => {
    expect(firstMessage(catalogueQuerySchema, { category: 'astrology' })).toMatch(/^category must be one of: mathematics, /);
    expect(firstMessage(catalogueQuerySchema, { university: 'mit' })).toMatch(/^university must be one of: uct, wits/);
    expect(firstMessage(catalogueQuerySchema, { sort: 'cheapest' })).toBe(
      'sort must be one of: relevance, newest, price_asc, price_desc',
    );
    expect(firstMessage(catalogueQuerySchema, { minPrice: '-1' })).toBe('minPrice must be a number of at least 0');
    expect(firstMessage(catalogueQuerySchema, { maxPrice: 'cheap' })).toBe('maxPrice must be a number of at least 0');
    expect(firstMessage(catalogueQuerySchema, { minPrice: '500', maxPrice: '100' })).toBe(
      'maxPrice must not be below minPrice',
    );
    expect(firstMessage(catalogueQuerySchema, { page: '0' })).toBe('page must be a whole number from 1 to 1000000');
    expect(firstMessage(catalogueQuerySchema, { page: '1.5' })).toBe('page must be a whole number from 1 to 1000000');
    expect(firstMessage(catalogueQuerySchema, { pageSize: '51' })).toBe('pageSize must be a whole number from 1 to 50');
    expect(firstMessage(catalogueQuerySchema, { pageSize: 'lots' })).toBe('pageSize must be a whole number from 1 to 50');
  });
});
