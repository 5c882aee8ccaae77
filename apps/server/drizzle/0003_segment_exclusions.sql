CREATE TABLE "lead_segment_exclusions" (
	"lead_id" uuid NOT NULL,
	"segment_id" uuid NOT NULL,
	"excluded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_segment_exclusions_lead_id_segment_id_pk" PRIMARY KEY("lead_id","segment_id")
);
--> statement-breakpoint
ALTER TABLE "lead_segment_exclusions" ADD CONSTRAINT "lead_segment_exclusions_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_segment_exclusions" ADD CONSTRAINT "lead_segment_exclusions_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;