/**
 * Search synonyms the distributor maintains (synonyms.csv of the ERP interchange: Term, Synonyms
 * separated by ';'; decision 0029), and their change notification: every instance rebuilds its
 * search index when they change, as it does for products, categories and brands.
 */
export const up = /* sql */ `
CREATE TABLE search_synonyms (
  term      text PRIMARY KEY CHECK (term <> ''),
  synonyms  text[] NOT NULL
);
CREATE TRIGGER search_synonyms_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_synonyms FOR EACH STATEMENT EXECUTE FUNCTION portal_catalogue_changed();
`
