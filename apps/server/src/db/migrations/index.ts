// The ordered list of migrations. Names are date-prefixed; a migration, once landed, never changes.
import type { Migration } from 'kysely/migration';
import * as accounts from './2026-11-21-001-accounts.ts';
import * as publicSite from './2026-11-21-002-public-site.ts';
import * as jobs from './2026-11-21-003-jobs.ts';
import * as listings from './2026-11-21-004-listings.ts';
import * as catalogueSearch from './2026-11-21-005-catalogue-search.ts';
import * as orders from './2026-11-21-006-orders.ts';
import * as catalogueIndexes from './2026-11-21-007-catalogue-indexes.ts';
import * as liveSearchIndex from './2026-11-22-008-live-search-index.ts';
import * as isbn13 from './2026-11-24-009-isbn-13.ts';
import * as searchVocabulary from './2026-11-24-010-search-vocabulary.ts';
import * as bookCourses from './2026-11-24-011-book-courses.ts';
import * as wishlists from './2026-11-24-012-wishlists.ts';
import * as editionPrices from './2026-11-24-013-edition-prices.ts';
import * as studentCourses from './2026-11-24-014-student-courses.ts';
import * as handover from './2026-11-24-015-handover.ts';
import * as reportsAndExpiry from './2026-11-24-016-reports-and-expiry.ts';
import * as studentRoles from './2026-11-24-017-student-roles.ts';
import * as verifiedStudents from './2026-11-24-018-verified-students.ts';
import * as signInProviders from './2026-11-24-019-sign-in-providers.ts';
import * as searchPrefixes from './2026-11-24-020-search-prefixes.ts';
import * as searchIndexKeepsRanking from './2026-11-28-021-search-index-keeps-ranking.ts';
import * as campusSearchIndex from './2026-11-28-022-campus-search-index.ts';
import * as searchFacets from './2026-11-28-023-search-facets.ts';
import * as postgresSearchFacets from './2026-11-28-024-postgres-search-facets.ts';
import * as postgresCampusWords from './2026-11-29-025-postgres-campus-words.ts';
import * as postgresSearchLexemes from './2026-11-29-026-postgres-search-lexemes.ts';
import * as searchFacetCombinations from './2026-11-29-027-search-facet-combinations.ts';
import * as postgresFacetCombinations from './2026-12-07-028-postgres-facet-combinations.ts';
import * as campusNewestIndex from './2026-12-07-029-campus-newest-index.ts';

export const migrations: Record<string, Migration> = {
  '2026-11-21-001-accounts': accounts,
  '2026-11-21-002-public-site': publicSite,
  '2026-11-21-003-jobs': jobs,
  '2026-11-21-004-listings': listings,
  '2026-11-21-005-catalogue-search': catalogueSearch,
  '2026-11-21-006-orders': orders,
  '2026-11-21-007-catalogue-indexes': catalogueIndexes,
  '2026-11-22-008-live-search-index': liveSearchIndex,
  '2026-11-24-009-isbn-13': isbn13,
  '2026-11-24-010-search-vocabulary': searchVocabulary,
  '2026-11-24-011-book-courses': bookCourses,
  '2026-11-24-012-wishlists': wishlists,
  '2026-11-24-013-edition-prices': editionPrices,
  '2026-11-24-014-student-courses': studentCourses,
  '2026-11-24-015-handover': handover,
  '2026-11-24-016-reports-and-expiry': reportsAndExpiry,
  '2026-11-24-017-student-roles': studentRoles,
  '2026-11-24-018-verified-students': verifiedStudents,
  '2026-11-24-019-sign-in-providers': signInProviders,
  '2026-11-24-020-search-prefixes': searchPrefixes,
  '2026-11-28-021-search-index-keeps-ranking': searchIndexKeepsRanking,
  '2026-11-28-022-campus-search-index': campusSearchIndex,
  '2026-11-28-023-search-facets': searchFacets,
  '2026-11-28-024-postgres-search-facets': postgresSearchFacets,
  '2026-11-29-025-postgres-campus-words': postgresCampusWords,
  '2026-11-29-026-postgres-search-lexemes': postgresSearchLexemes,
  '2026-11-29-027-search-facet-combinations': searchFacetCombinations,
  '2026-12-07-028-postgres-facet-combinations': postgresFacetCombinations,
  '2026-12-07-029-campus-newest-index': campusNewestIndex,
};
