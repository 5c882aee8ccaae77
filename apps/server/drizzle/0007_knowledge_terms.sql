CREATE TABLE "knowledge_terms" (
	"lexeme" text PRIMARY KEY NOT NULL,
	"df" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Written by hand: prefix lookups ("math" -> "mathemat") by byte order.
CREATE INDEX "knowledge_terms_prefix_idx" ON "knowledge_terms" ("lexeme" COLLATE "C");
--> statement-breakpoint
-- Written by hand: document frequencies kept by statement-level triggers (one aggregated upsert per
-- statement, so a bulk insert of chunks stays fast). An update counts only rows whose text changed.
CREATE OR REPLACE FUNCTION knowledge_terms_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE knowledge_terms t SET df = t.df - o.n
    FROM (SELECT lexeme, count(*)::int AS n FROM old_rows, unnest(tsvector_to_array(old_rows.search_vector)) AS lexeme
          GROUP BY lexeme) o
    WHERE t.lexeme = o.lexeme;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE knowledge_terms t SET df = t.df - o.n
    FROM (SELECT lexeme, count(*)::int AS n
          FROM old_rows JOIN new_rows USING (id), unnest(tsvector_to_array(old_rows.search_vector)) AS lexeme
          WHERE old_rows.search_vector IS DISTINCT FROM new_rows.search_vector GROUP BY lexeme) o
    WHERE t.lexeme = o.lexeme;
    INSERT INTO knowledge_terms (lexeme, df)
    SELECT lexeme, count(*)::int
    FROM new_rows JOIN old_rows USING (id), unnest(tsvector_to_array(new_rows.search_vector)) AS lexeme
    WHERE old_rows.search_vector IS DISTINCT FROM new_rows.search_vector GROUP BY lexeme
    ON CONFLICT (lexeme) DO UPDATE SET df = knowledge_terms.df + excluded.df;
  ELSE
    INSERT INTO knowledge_terms (lexeme, df)
    SELECT lexeme, count(*)::int FROM new_rows, unnest(tsvector_to_array(new_rows.search_vector)) AS lexeme
    GROUP BY lexeme
    ON CONFLICT (lexeme) DO UPDATE SET df = knowledge_terms.df + excluded.df;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER knowledge_terms_on_insert AFTER INSERT ON knowledge_chunks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION knowledge_terms_count();
--> statement-breakpoint
CREATE TRIGGER knowledge_terms_on_update AFTER UPDATE ON knowledge_chunks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION knowledge_terms_count();
--> statement-breakpoint
CREATE TRIGGER knowledge_terms_on_delete AFTER DELETE ON knowledge_chunks
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION knowledge_terms_count();
--> statement-breakpoint
-- Chunks stored before this migration.
INSERT INTO knowledge_terms (lexeme, df)
SELECT lexeme, count(*)::int FROM knowledge_chunks, unnest(tsvector_to_array(search_vector)) AS lexeme GROUP BY lexeme
ON CONFLICT (lexeme) DO UPDATE SET df = excluded.df;
