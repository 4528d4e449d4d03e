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
CREATE TABLE trial_user_attributes (
	trial_user_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_user_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_user_attributes" VALUES(1,1,'seconds','362.704');
INSERT INTO "trial_user_attributes" VALUES(2,1,'val_loss','0.41846261501312265');
INSERT INTO "trial_user_attributes" VALUES(3,1,'round','20');
INSERT INTO "trial_user_attributes" VALUES(4,1,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(5,2,'diverged','"non-finite training loss at round 2, client 11: training diverged (lower the learning rate); everything up to the previous round was kept"');
INSERT INTO "trial_user_attributes" VALUES(6,2,'seconds','28.992');
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
INSERT INTO "trials" VALUES(1,0,1,'COMPLETE','2026-11-27 05:44:30.014928','2026-11-27 05:50:32.916455');
INSERT INTO "trials" VALUES(2,1,1,'PRUNED','2026-11-27 05:50:32.944260','2026-11-27 05:51:02.018570');
INSERT INTO "trials" VALUES(3,2,1,'RUNNING','2026-11-27 05:51:02.056489',NULL);
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
