-- An issued billing document never changes: the only update allowed is recording, once, when an
-- invoice was paid (paid_at from null to a time); every other update and every delete is refused.
CREATE FUNCTION billing_documents_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.paid_at IS NULL AND NEW.paid_at IS NOT NULL
     AND (to_jsonb(NEW) - 'paid_at') = (to_jsonb(OLD) - 'paid_at') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'billing_documents are immutable once issued (a correction is a credit note)';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER billing_documents_no_change BEFORE UPDATE OR DELETE ON billing_documents FOR EACH ROW EXECUTE FUNCTION billing_documents_immutable();
