CREATE TABLE "password_reset_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"reset_page_url" text NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text,
	"requested_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "password_reset_requests_requested_idx" ON "password_reset_requests" USING btree ("requested_at");