CREATE TYPE "public"."partner_earning_kind" AS ENUM('commission', 'reversal');--> statement-breakpoint
CREATE TABLE "partner_earnings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"community_id" uuid,
	"payment_id" uuid,
	"kind" "partner_earning_kind" NOT NULL,
	"base_cents" integer NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_earnings_rate_range" CHECK ("partner_earnings"."rate_basis_points" BETWEEN 0 AND 10000),
	CONSTRAINT "partner_earnings_base_nonnegative" CHECK ("partner_earnings"."base_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "partner_payouts" DROP CONSTRAINT "partner_payouts_amount_nonnegative";--> statement-breakpoint
DROP INDEX "communities_name_lower_idx";--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "is_forum" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "partner_payouts" ADD COLUMN "currency" text DEFAULT 'usd' NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_payouts" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "partner_payouts" ADD COLUMN "recorded_by" uuid;--> statement-breakpoint
ALTER TABLE "partner_earnings" ADD CONSTRAINT "partner_earnings_partner_id_partners_user_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_earnings" ADD CONSTRAINT "partner_earnings_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_earnings" ADD CONSTRAINT "partner_earnings_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_earnings_partner_idx" ON "partner_earnings" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "partner_earnings_payment_idx" ON "partner_earnings" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_earnings_one_commission_idx" ON "partner_earnings" USING btree ("payment_id") WHERE "partner_earnings"."kind" = 'commission';--> statement-breakpoint
ALTER TABLE "partner_payouts" ADD CONSTRAINT "partner_payouts_recorded_by_profiles_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "communities_one_forum_idx" ON "communities" USING btree ("is_forum") WHERE "communities"."is_forum";--> statement-breakpoint
CREATE UNIQUE INDEX "communities_name_lower_idx" ON "communities" USING btree (lower("name")) WHERE NOT "communities"."is_forum";--> statement-breakpoint
ALTER TABLE "partner_payouts" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_range" CHECK ("payments"."refunded_cents" BETWEEN 0 AND "payments"."amount_cents");--> statement-breakpoint
ALTER TABLE "partner_payouts" ADD CONSTRAINT "partner_payouts_amount_positive" CHECK ("partner_payouts"."amount_cents" > 0);