-- Campaign results (issue 24): the links of each sent campaign (the only places a click link can
-- lead to), each recipient's first open and first click of each link, hard bounces and
-- unsubscribes that came from a campaign, and one row of counters per campaign kept in step with
-- those rows in the same statement (stats and the History tab read the counters, never count rows).
-- lead_id has no foreign key: a deleted lead's clicks still count for the campaign they clicked in.
CREATE TABLE "campaign_links" (
	"campaign_id" uuid NOT NULL,
	"idx" integer NOT NULL,
	"url" text NOT NULL,
	CONSTRAINT "campaign_links_campaign_id_idx_pk" PRIMARY KEY("campaign_id","idx"),
	CONSTRAINT "campaign_links_idx_check" CHECK ("campaign_links"."idx" >= 0)
);
--> statement-breakpoint
CREATE TABLE "campaign_clicks" (
	"campaign_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"link_idx" integer NOT NULL,
	"clicked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_clicks_campaign_id_lead_id_link_idx_pk" PRIMARY KEY("campaign_id","lead_id","link_idx")
);
--> statement-breakpoint
CREATE TABLE "campaign_clickers" (
	"campaign_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"first_clicked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_clickers_campaign_id_lead_id_pk" PRIMARY KEY("campaign_id","lead_id")
);
--> statement-breakpoint
CREATE TABLE "campaign_opens" (
	"campaign_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_opens_campaign_id_lead_id_pk" PRIMARY KEY("campaign_id","lead_id")
);
--> statement-breakpoint
CREATE TABLE "campaign_outcomes" (
	"campaign_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_outcomes_campaign_id_lead_id_kind_pk" PRIMARY KEY("campaign_id","lead_id","kind"),
	CONSTRAINT "campaign_outcomes_kind_check" CHECK ("campaign_outcomes"."kind" in ('bounce', 'unsubscribe'))
);
--> statement-breakpoint
CREATE TABLE "campaign_stats" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"opens" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"clickers" integer DEFAULT 0 NOT NULL,
	"bounced" integer DEFAULT 0 NOT NULL,
	"unsubscribed" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_tracking_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"open_tracking_enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_tracking_settings_single_row" CHECK ("campaign_tracking_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "campaign_links" ADD CONSTRAINT "campaign_links_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_clicks" ADD CONSTRAINT "campaign_clicks_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_clickers" ADD CONSTRAINT "campaign_clickers_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_opens" ADD CONSTRAINT "campaign_opens_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_outcomes" ADD CONSTRAINT "campaign_outcomes_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_stats" ADD CONSTRAINT "campaign_stats_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_sent_idx" ON "campaigns" USING btree ("sent_at","id") WHERE "campaigns"."sent_at" is not null;
