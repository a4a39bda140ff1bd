-- Hosts with the most reviews; a semicolon in a comment; does not split.
SELECT h.HOST_ID, h.HOST_NAME, count(*) AS REVIEWS
FROM ANALYTICS.DIM_HOSTS h
JOIN ANALYTICS.FACT_REVIEWS r ON r.HOST_ID = h.HOST_ID
WHERE h.HOST_NAME <> 'x;y'
GROUP BY 1, 2
ORDER BY REVIEWS DESC
LIMIT 10;

/* Two statements in one file are fine: each is checked alone. */
SHOW TABLES IN SCHEMA ANALYTICS;
