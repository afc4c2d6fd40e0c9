CREATE TABLE "deployment_costs" (
	"deployment_id" uuid PRIMARY KEY NOT NULL,
	"cost_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION deployment_costs_follow_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- a charge names its deployment by id (uuid::text, lower case); any other reference is left alone
  IF NEW.reference ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
    INSERT INTO deployment_costs (deployment_id, cost_cents)
      SELECT id, -NEW.amount_cents FROM deployments WHERE id = NEW.reference::uuid
      ON CONFLICT (deployment_id) DO UPDATE SET cost_cents = deployment_costs.cost_cents + EXCLUDED.cost_cents;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER deployment_costs_follow_ledger AFTER INSERT ON ledger_entries FOR EACH ROW WHEN (NEW.kind IN ('usage', 'refund') AND NEW.reference IS NOT NULL) EXECUTE FUNCTION deployment_costs_follow_ledger();
--> statement-breakpoint
INSERT INTO deployment_costs (deployment_id, cost_cents)
  SELECT d.id, sum(-l.amount_cents) FROM ledger_entries l JOIN deployments d ON d.id::text = l.reference WHERE l.kind IN ('usage', 'refund') GROUP BY d.id;
