-- Children move into their lead's row (leads.children, an ordered jsonb array of
-- {id, name, age, grade, specialNeeds, currentSupport}): a lead is read and written as one row,
-- and a bulk import no longer writes a second table with a foreign-key check per child.
ALTER TABLE "leads" ADD COLUMN "children" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Backfill (hand-written): each lead's children in position order, ids kept.
UPDATE "leads" l SET "children" = k.children
FROM (
	SELECT c.lead_id,
		jsonb_agg(jsonb_build_object(
			'id', c.id,
			'name', c.name,
			'age', c.age,
			'grade', c.grade,
			'specialNeeds', to_jsonb(c.special_needs),
			'currentSupport', to_jsonb(c.current_support)
		) ORDER BY c.position) AS children
	FROM "lead_children" c
	GROUP BY c.lead_id
) k
WHERE k.lead_id = l.id;--> statement-breakpoint
DROP TABLE "lead_children";
