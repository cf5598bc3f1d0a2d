-- Since 0012 the payments' triggers write a department only: their names say so. A trigger names its
-- function by identity, not by name, so renaming changes nothing of what they do.
ALTER FUNCTION reports.payment_locality() RENAME TO payment_department;
ALTER FUNCTION reports.member_payments_locality() RENAME TO member_payments_department;
ALTER TRIGGER stat_payment_locality ON reports.stat_payment RENAME TO stat_payment_department;
ALTER TRIGGER stat_member_payments_locality ON reports.stat_member RENAME TO stat_member_payments_department;
