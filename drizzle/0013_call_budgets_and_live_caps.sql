CREATE TABLE "call_budgets" (
	"subject" text PRIMARY KEY NOT NULL,
	"level" double precision NOT NULL,
	"per_second" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_connections" (
	"process_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"sockets" integer NOT NULL,
	"subscriptions" integer NOT NULL,
	CONSTRAINT "live_connections_process_id_subject_pk" PRIMARY KEY("process_id","subject")
);
--> statement-breakpoint
CREATE TABLE "server_processes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_connections" ADD CONSTRAINT "live_connections_process_id_server_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."server_processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_budgets_updated_idx" ON "call_budgets" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "live_connections_subject_idx" ON "live_connections" USING btree ("subject");