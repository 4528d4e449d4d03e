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
INSERT INTO "studies" VALUES(1,'pfedsv--topk-capped');
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
INSERT INTO "trial_intermediate_values" VALUES(1,1,1,4.15000000000000035527e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(2,1,2,0.429,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(3,1,3,0.544,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(4,1,4,0.605,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(5,1,5,0.717,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(6,1,6,7.7300000000000013145e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(7,1,7,0.868,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(8,1,8,8.95999999999999907629e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(9,1,9,0.914,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(10,1,10,9.22999999999999820587e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(11,1,11,0.937,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(12,1,12,9.39000000000000056843e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(13,1,13,9.48000000000000064837e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(14,1,14,9.56000000000000071942e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(15,1,15,9.52000000000000179412e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(16,1,16,9.58000000000000184741e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(17,1,17,9.61000000000000076383e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(18,1,18,0.96,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(19,1,19,9.62000000000000077271e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(20,1,20,9.60000000000000186517e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(21,2,1,0.454,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(22,2,2,0.624,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(23,2,3,7.15000000000000079936e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(24,2,4,8.2100000000000006306e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(25,2,5,8.4599999999999986322e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(26,2,6,8.81999999999999895194e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(27,2,7,0.898,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(28,2,8,0.905,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(29,2,9,9.00000000000000133226e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(30,2,10,9.02000000000000135003e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(31,2,11,0.907,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(32,2,12,0.923,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(33,2,13,0.916,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(34,2,14,9.29999999999999937827e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(35,2,15,0.921,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(36,2,16,0.922,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(37,2,17,0.933,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(38,2,18,0.932,'FINITE');
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
INSERT INTO "trial_params" VALUES(1,1,'lr',2.52449746755687765009e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(2,1,'k0',5.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(3,1,'decay',1.05120854705824051666e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(4,2,'lr',2.81221813530458664143e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(5,2,'k0',10.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(6,2,'decay',3.50839744265200259576e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
CREATE TABLE trial_system_attributes (
	trial_system_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_system_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_system_attributes" VALUES(1,1,'completed_rung_0','0.7730000000000001');
INSERT INTO "trial_system_attributes" VALUES(2,1,'completed_rung_1','0.96');
INSERT INTO "trial_system_attributes" VALUES(3,2,'completed_rung_0','0.932');
CREATE TABLE trial_user_attributes (
	trial_user_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_user_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_user_attributes" VALUES(1,1,'seconds','2065.624');
INSERT INTO "trial_user_attributes" VALUES(2,1,'val_loss','0.1329768418073654');
INSERT INTO "trial_user_attributes" VALUES(3,1,'round','19');
INSERT INTO "trial_user_attributes" VALUES(4,1,'rounds_run','20');
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
INSERT INTO "trial_values" VALUES(1,1,0,9.62000000000000077271e-01,'FINITE');
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
INSERT INTO "trials" VALUES(1,0,1,'COMPLETE','2026-11-27 20:00:24.234549','2026-11-27 20:34:49.966035');
INSERT INTO "trials" VALUES(2,1,1,'RUNNING','2026-11-27 20:34:49.979362',NULL);
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
