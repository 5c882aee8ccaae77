import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The chat widget's settings (spec document 3, 3.6): one row (id 1). The public enrolment form
 * reads its branding; the widget issue adds the admin's settings calls.
 */
export const widgetSettings = pgTable('widget_settings', {
  id: integer('id').primaryKey().default(1),
  schoolName: text('school_name').notNull().default('My Academy'),
  /** IANA name; null means the server's SCHOOL_TIME_ZONE. */
  schoolTimeZone: text('school_time_zone'),
  position: text('position').notNull().default('bottom-right'),
  uniqueSellingProposition: text('unique_selling_proposition'),
  callToActionText: text('call_to_action_text'),
  chatbotName: text('chatbot_name').notNull().default('School Assistant'),
  chatbotPersonality: text('chatbot_personality'),
  welcomeMessage: text('welcome_message')
    .notNull()
    .default('Hi! Welcome to {{school_name}}. How can I help you today?'),
  avatarUrl: text('avatar_url'),
  avatarFilename: text('avatar_filename'),
  logoUrl: text('logo_url'),
  logoFilename: text('logo_filename'),
  primaryColor: text('primary_color').notNull().default('#4F46E5'),
  secondaryColor: text('secondary_color').notNull().default('#7C3AED'),
  accentColor: text('accent_color').notNull().default('#10B981'),
  textColor: text('text_color').notNull().default('#1F2937'),
  backgroundColor: text('background_color').notNull().default('#FFFFFF'),
  borderRadius: text('border_radius').notNull().default('12px'),
  autoOpenEnabled: boolean('auto_open_enabled').notNull().default(false),
  autoOpenDelay: integer('auto_open_delay').notNull().default(5),
  autoOpenOnlyNewVisitors: boolean('auto_open_only_new_visitors').notNull().default(true),
  showBranding: boolean('show_branding').notNull().default(true),
  enableTypingIndicator: boolean('enable_typing_indicator').notNull().default(true),
  enableAnalytics: boolean('enable_analytics').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type WidgetSettingsRow = typeof widgetSettings.$inferSelect;

/**
 * An uploaded avatar or logo, re-encoded (metadata stripped) and kept in file storage under
 * `storage_key`; served publicly at /widget/images/<name>. The settings may point only at these
 * (or at an operator-allowed host).
 */
export const widgetImages = pgTable(
  'widget_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `<type>-<uuid>.<png|jpg>`: the public file name, made by the server. */
    name: text('name').notNull().unique(),
    imageType: text('image_type').$type<'avatar' | 'logo'>().notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The uploaded file's name, cleaned, for display only. */
    originalFilename: text('original_filename').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('widget_images_image_type_check', sql`${t.imageType} in ('avatar', 'logo')`)],
);

export type WidgetImageRow = typeof widgetImages.$inferSelect;
