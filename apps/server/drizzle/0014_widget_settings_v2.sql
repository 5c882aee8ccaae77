ALTER TABLE "widget_settings" ADD COLUMN "school_time_zone" text;--> statement-breakpoint
UPDATE "widget_settings" SET "auto_open_delay" = 5 WHERE "auto_open_delay" NOT IN (3, 5, 10, 15, 30);--> statement-breakpoint
UPDATE "widget_settings" SET
	"primary_color" = CASE WHEN "primary_color" ~* '^#[0-9a-f]{3}$' THEN upper('#' || repeat(substr("primary_color", 2, 1), 2) || repeat(substr("primary_color", 3, 1), 2) || repeat(substr("primary_color", 4, 1), 2)) ELSE upper("primary_color") END,
	"secondary_color" = CASE WHEN "secondary_color" ~* '^#[0-9a-f]{3}$' THEN upper('#' || repeat(substr("secondary_color", 2, 1), 2) || repeat(substr("secondary_color", 3, 1), 2) || repeat(substr("secondary_color", 4, 1), 2)) ELSE upper("secondary_color") END,
	"accent_color" = CASE WHEN "accent_color" ~* '^#[0-9a-f]{3}$' THEN upper('#' || repeat(substr("accent_color", 2, 1), 2) || repeat(substr("accent_color", 3, 1), 2) || repeat(substr("accent_color", 4, 1), 2)) ELSE upper("accent_color") END,
	"text_color" = CASE WHEN "text_color" ~* '^#[0-9a-f]{3}$' THEN upper('#' || repeat(substr("text_color", 2, 1), 2) || repeat(substr("text_color", 3, 1), 2) || repeat(substr("text_color", 4, 1), 2)) ELSE upper("text_color") END,
	"background_color" = CASE WHEN "background_color" ~* '^#[0-9a-f]{3}$' THEN upper('#' || repeat(substr("background_color", 2, 1), 2) || repeat(substr("background_color", 3, 1), 2) || repeat(substr("background_color", 4, 1), 2)) ELSE upper("background_color") END;--> statement-breakpoint
CREATE TABLE "widget_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"image_type" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"original_filename" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "widget_images_name_unique" UNIQUE("name"),
	CONSTRAINT "widget_images_image_type_check" CHECK ("widget_images"."image_type" in ('avatar', 'logo'))
);
