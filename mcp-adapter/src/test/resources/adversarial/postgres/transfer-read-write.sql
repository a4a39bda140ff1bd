-- read_write mode: COPY ... PROGRAM and COPY file targets outside the (empty) path allowlist.
COPY adv.victim TO PROGRAM 'touch ${DIR}/pwned'
COPY adv.victim FROM PROGRAM 'touch ${DIR}/pwned'
COPY (SELECT 1) TO PROGRAM 'touch ${DIR}/pwned'
COPY adv.victim TO PROGRAM 'sh -c "touch ${DIR}/pwned"'
copy adv.victim to program 'touch ${DIR}/pwned'
COPY adv.victim (id) TO PROGRAM 'touch ${DIR}/pwned' WITH (FORMAT csv)
COPY adv.victim FROM PROGRAM 'cat /etc/passwd' WITH (FORMAT text)
COPY adv.victim TO '${DIR}/out.csv'
COPY (SELECT 1) TO '${DIR}/out.csv'
COPY adv.victim TO '${DIR}/out.csv' WITH (FORMAT csv, HEADER true)
COPY adv.victim TO 'relative.csv'
COPY adv.victim TO '${DIR}/../escape.csv'
COPY adv.victim FROM '/etc/passwd'
COPY adv.victim FROM '${DIR}/in.csv'
COPY adv.victim TO $$${DIR}/dollar.csv$$
