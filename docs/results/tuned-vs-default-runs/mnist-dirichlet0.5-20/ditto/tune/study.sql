BEGIN TRANSACTION;
CREATE TABLE alembic_version (
	version_num VARCHAR(32) NOT NULL, 
	CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)
);
INSERT INTO "alembic_version" VALUES('v3.2.0.a');
CREATE TABLE studies (
	study_id INTEGER NOT NULL, 
	study_name VARCHAR(512) NOT NULL, 
	PRIMARY KEY (study_id)
);
INSERT INTO "studies" VALUES(1,'ditto');
CREATE TABLE study_directions (
	study_direction_id INTEGER NOT NULL, 
	direction VARCHAR(8) NOT NULL, 
	study_id INTEGER NOT NULL, 
	objective INTEGER NOT NULL, 
	PRIMARY KEY (study_direction_id), 
	UNIQUE (study_id, objective), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
INSERT INTO "study_directions" VALUES(1,'MAXIMIZE',1,0);
CREATE TABLE study_system_attributes (
	study_system_attribute_id INTEGER NOT NULL, 
	study_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (study_system_attribute_id), 
	UNIQUE (study_id, "key"), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
CREATE TABLE study_user_attributes (
	study_user_attribute_id INTEGER NOT NULL, 
	study_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (study_user_attribute_id), 
	UNIQUE (study_id, "key"), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
CREATE TABLE trial_heartbeats (
	trial_heartbeat_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	heartbeat DATETIME NOT NULL, 
	PRIMARY KEY (trial_heartbeat_id), 
	UNIQUE (trial_id), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
CREATE TABLE trial_intermediate_values (
	trial_intermediate_value_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	step INTEGER NOT NULL, 
	intermediate_value FLOAT, 
	intermediate_value_type VARCHAR(7) NOT NULL, 
	PRIMARY KEY (trial_intermediate_value_id), 
	UNIQUE (trial_id, step), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_intermediate_values" VALUES(1,1,1,4.30000000000000048849e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(2,1,2,0.457,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(3,1,3,0.529,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(4,1,4,5.61999999999999944044e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(5,1,5,6.06000000000000094146e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(6,1,6,0.67,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(7,1,7,0.689,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(8,1,8,0.749,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(9,1,9,0.779,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(10,1,10,0.792,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(11,1,11,8.15000000000000057731e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(12,1,12,0.82,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(13,1,13,0.842,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(14,1,14,0.852,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(15,1,15,8.62000000000000099475e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(16,1,16,8.46999999999999864108e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(17,1,17,0.868,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(18,1,18,8.72000000000000108357e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(19,1,19,0.865,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(20,1,20,0.877,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(21,2,1,3.69000000000000050182e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(22,3,1,0.659,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(23,3,2,7.67999999999999904964e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(24,3,3,8.53000000000000091482e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(25,3,4,0.858,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(26,3,5,8.77999999999999891642e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(27,3,6,0.885,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(28,3,7,0.915,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(29,3,8,0.908,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(30,3,9,9.27000000000000157207e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(31,3,10,9.38000000000000055955e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(32,3,11,0.943,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(33,3,12,0.943,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(34,3,13,9.45000000000000284217e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(35,3,14,0.952,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(36,3,15,9.49000000000000065725e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(37,3,16,9.4600000000000006306e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(38,3,17,9.48000000000000175859e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(39,3,18,9.49000000000000065725e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(40,3,19,9.48000000000000064837e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(41,3,20,9.48000000000000064837e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(42,4,1,0.308,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(43,7,1,4.2400000000000004352e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(44,7,2,5.05000000000000115463e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(45,8,1,4.40000000000000057731e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(46,8,2,0.465,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(47,9,1,0.394,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(48,9,2,0.433,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(49,10,1,4.39000000000000056843e-01,'FINITE');
CREATE TABLE trial_params (
	param_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	param_name VARCHAR(512), 
	param_value FLOAT, 
	distribution_json TEXT, 
	PRIMARY KEY (param_id), 
	UNIQUE (trial_id, param_name), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_params" VALUES(1,1,'lr',1.23516555288064890615e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(2,1,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(3,1,'lam',9.59135607355482769365e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(4,2,'lr',1.64923950625843390715e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(5,2,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(6,2,'lam',1.83528800744445544888e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(7,3,'lr',3.08756104179212127747e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(8,3,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(9,3,'lam',2.61106083217033969889e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(10,4,'lr',2.16175421203792239577e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(11,4,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(12,4,'lam',5.3585089958257080267e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(13,5,'lr',4.63229944123792314325e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(14,5,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(15,5,'lam',9.34852304582424742385e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(16,6,'lr',1.23109972910437459603e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(17,6,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(18,6,'lam',8.17694489250708755889e+00,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(19,7,'lr',1.6581763112742756161e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(20,7,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(21,7,'lam',6.24941950986572514192e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(22,8,'lr',5.68068580738804139451e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(23,8,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(24,8,'lam',1.15435874206389316176e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(25,9,'lr',2.00775597647183307037e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(26,9,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(27,9,'lam',6.31555042797344364652e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(28,10,'lr',4.7942968380366409245e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(29,10,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(30,10,'lam',1.21007765543601451818e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
CREATE TABLE trial_system_attributes (
	trial_system_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_system_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_system_attributes" VALUES(1,1,'completed_rung_0','0.67');
INSERT INTO "trial_system_attributes" VALUES(2,1,'completed_rung_1','0.8720000000000001');
INSERT INTO "trial_system_attributes" VALUES(3,3,'completed_rung_0','0.7679999999999999');
INSERT INTO "trial_system_attributes" VALUES(4,3,'completed_rung_1','0.885');
INSERT INTO "trial_system_attributes" VALUES(5,3,'completed_rung_2','0.9490000000000001');
INSERT INTO "trial_system_attributes" VALUES(6,7,'completed_rung_0','0.5050000000000001');
INSERT INTO "trial_system_attributes" VALUES(7,8,'completed_rung_0','0.465');
INSERT INTO "trial_system_attributes" VALUES(8,9,'completed_rung_0','0.433');
CREATE TABLE trial_user_attributes (
	trial_user_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_user_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_user_attributes" VALUES(1,1,'seconds','269.151');
INSERT INTO "trial_user_attributes" VALUES(2,1,'val_loss','0.41846261501312265');
INSERT INTO "trial_user_attributes" VALUES(3,1,'round','20');
INSERT INTO "trial_user_attributes" VALUES(4,1,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(5,2,'diverged','"non-finite training loss at round 2, client 11: training diverged (lower the learning rate); everything up to the previous round was kept"');
INSERT INTO "trial_user_attributes" VALUES(6,2,'seconds','22.282');
INSERT INTO "trial_user_attributes" VALUES(7,3,'seconds','278.015');
INSERT INTO "trial_user_attributes" VALUES(8,3,'val_loss','0.1938943557739258');
INSERT INTO "trial_user_attributes" VALUES(9,3,'round','14');
INSERT INTO "trial_user_attributes" VALUES(10,3,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(11,4,'diverged','"training loss 1.919e+11 at round 1 is above the limit 1e+06: training diverged (lower the learning rate; --diverge-factor / --diverge-loss set the rule, 0 turns a part off); everything up to that round was kept"');
INSERT INTO "trial_user_attributes" VALUES(12,4,'seconds','12.676');
INSERT INTO "trial_user_attributes" VALUES(13,5,'diverged','"non-finite training loss at round 1, client 9: training diverged (lower the learning rate); everything up to the previous round was kept"');
INSERT INTO "trial_user_attributes" VALUES(14,5,'seconds','6.0');
INSERT INTO "trial_user_attributes" VALUES(15,6,'diverged','"non-finite training loss at round 1, client 4: training diverged (lower the learning rate); everything up to the previous round was kept"');
INSERT INTO "trial_user_attributes" VALUES(16,6,'seconds','2.976');
INSERT INTO "trial_user_attributes" VALUES(17,7,'seconds','25.475');
INSERT INTO "trial_user_attributes" VALUES(18,8,'seconds','21.61');
INSERT INTO "trial_user_attributes" VALUES(19,9,'seconds','26.996');
CREATE TABLE trial_values (
	trial_value_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	objective INTEGER NOT NULL, 
	value FLOAT, 
	value_type VARCHAR(7) NOT NULL, 
	PRIMARY KEY (trial_value_id), 
	UNIQUE (trial_id, objective), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_values" VALUES(1,1,0,0.877,'FINITE');
INSERT INTO "trial_values" VALUES(2,2,0,3.69000000000000050182e-01,'FINITE');
INSERT INTO "trial_values" VALUES(3,3,0,0.952,'FINITE');
INSERT INTO "trial_values" VALUES(4,4,0,0.308,'FINITE');
INSERT INTO "trial_values" VALUES(5,7,0,5.05000000000000115463e-01,'FINITE');
INSERT INTO "trial_values" VALUES(6,8,0,0.465,'FINITE');
INSERT INTO "trial_values" VALUES(7,9,0,0.433,'FINITE');
CREATE TABLE trials (
	trial_id INTEGER NOT NULL, 
	number INTEGER, 
	study_id INTEGER, 
	state VARCHAR(8) NOT NULL, 
	datetime_start DATETIME, 
	datetime_complete DATETIME, 
	PRIMARY KEY (trial_id), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
INSERT INTO "trials" VALUES(1,0,1,'COMPLETE','2026-11-27 08:02:32.259127','2026-11-27 08:07:01.485156');
INSERT INTO "trials" VALUES(2,1,1,'PRUNED','2026-11-27 08:07:01.502375','2026-11-27 08:07:23.835637');
INSERT INTO "trials" VALUES(3,2,1,'COMPLETE','2026-11-27 08:07:23.847604','2026-11-27 08:12:01.923382');
INSERT INTO "trials" VALUES(4,3,1,'PRUNED','2026-11-27 08:12:01.946984','2026-11-27 08:12:14.681968');
INSERT INTO "trials" VALUES(5,4,1,'PRUNED','2026-11-27 08:12:14.696216','2026-11-27 08:12:20.751078');
INSERT INTO "trials" VALUES(6,5,1,'PRUNED','2026-11-27 08:12:20.766131','2026-11-27 08:12:23.816324');
INSERT INTO "trials" VALUES(7,6,1,'PRUNED','2026-11-27 08:12:23.830651','2026-11-27 08:12:49.349782');
INSERT INTO "trials" VALUES(8,7,1,'PRUNED','2026-11-27 08:12:49.366553','2026-11-27 08:13:11.035919');
INSERT INTO "trials" VALUES(9,8,1,'PRUNED','2026-11-27 08:13:11.059184','2026-11-27 08:13:38.113531');
INSERT INTO "trials" VALUES(10,9,1,'RUNNING','2026-11-27 08:13:38.130344',NULL);
CREATE TABLE version_info (
	version_info_id INTEGER NOT NULL, 
	schema_version INTEGER, 
	library_version VARCHAR(256), 
	PRIMARY KEY (version_info_id), 
	CHECK (version_info_id=1)
);
INSERT INTO "version_info" VALUES(1,12,'4.9.0');
CREATE UNIQUE INDEX ix_studies_study_name ON studies (study_name);
CREATE INDEX ix_trials_study_id ON trials (study_id);
COMMIT;
