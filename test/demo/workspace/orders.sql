-- Builds db.orders, known to DataHub as
--   urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)
-- from the staging table urn:li:dataset:(urn:li:dataPlatform:hive,db_orders,PROD).
INSERT OVERWRITE TABLE db.orders
SELECT order_id, customer_id, amount, created_at
FROM db_orders
WHERE created_at >= date_sub(current_date, 1);

-- Owner: urn:li:corpuser:jdoe; ran by urn:li:dataJob:(urn:li:dataFlow:(airflow,daily_etl,prod),load_orders)
