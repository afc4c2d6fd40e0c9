ALTER TABLE "balances" ADD COLUMN "hourly_burn_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "balances" ADD COLUMN "free_credit_granted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE FUNCTION deployment_billed_cents(status text, deleted_at timestamptz, rate bigint) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  -- billedStatuses (shared/deployments/vocabulary.ts): a test checks the two lists agree
  SELECT CASE WHEN deleted_at IS NULL AND status IN ('pending', 'creating', 'installing', 'running') THEN coalesce(rate, 0) ELSE 0 END
$$;
--> statement-breakpoint
CREATE FUNCTION balances_follow_deployments() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before_cents bigint := 0;
  after_cents bigint := 0;
BEGIN
  IF TG_OP <> 'INSERT' THEN before_cents := deployment_billed_cents(OLD.status, OLD.deleted_at, OLD.hourly_rate_cents); END IF;
  IF TG_OP <> 'DELETE' THEN after_cents := deployment_billed_cents(NEW.status, NEW.deleted_at, NEW.hourly_rate_cents); END IF;
  IF TG_OP = 'UPDATE' AND OLD.user_id <> NEW.user_id THEN
    UPDATE balances SET hourly_burn_cents = hourly_burn_cents - before_cents WHERE user_id = OLD.user_id;
    UPDATE balances SET hourly_burn_cents = hourly_burn_cents + after_cents WHERE user_id = NEW.user_id;
  ELSIF after_cents <> before_cents THEN
    UPDATE balances SET hourly_burn_cents = hourly_burn_cents + after_cents - before_cents WHERE user_id = coalesce(NEW.user_id, OLD.user_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER balances_follow_deployments AFTER INSERT OR UPDATE OR DELETE ON deployments FOR EACH ROW EXECUTE FUNCTION balances_follow_deployments();
--> statement-breakpoint
CREATE FUNCTION balances_note_free_credit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE balances SET free_credit_granted = true WHERE user_id = NEW.user_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER balances_note_free_credit AFTER INSERT ON ledger_entries FOR EACH ROW WHEN (NEW.kind = 'free_credit') EXECUTE FUNCTION balances_note_free_credit();
--> statement-breakpoint
UPDATE balances b SET
  hourly_burn_cents = coalesce((SELECT sum(deployment_billed_cents(d.status, d.deleted_at, d.hourly_rate_cents)) FROM deployments d WHERE d.user_id = b.user_id), 0),
  free_credit_granted = EXISTS (SELECT 1 FROM ledger_entries l WHERE l.user_id = b.user_id AND l.kind = 'free_credit');
