-- A phone number is kept in its one international form (decision 064): the area code and the
-- number without leading zeros, as contract/auth.ts now reads every phone the wire and the forms
-- are given. Accounts registered before under another spelling ("091", "09000000001") are moved
-- to that form, unless another account already has it, or another spelling of the same phone
-- would take it too: those stay as they are, for the operator to settle (decision 064 says how
-- to list them).
UPDATE users SET area_code = ltrim(area_code, '0'), phone = ltrim(phone, '0')
WHERE (area_code LIKE '0%' OR phone LIKE '0%')
  AND ltrim(area_code, '0') <> ''
  AND length(ltrim(phone, '0')) >= 5
  AND NOT EXISTS (
    SELECT 1 FROM users other
    WHERE other.id <> users.id
      AND ltrim(other.area_code, '0') = ltrim(users.area_code, '0')
      AND ltrim(other.phone, '0') = ltrim(users.phone, '0')
  );
