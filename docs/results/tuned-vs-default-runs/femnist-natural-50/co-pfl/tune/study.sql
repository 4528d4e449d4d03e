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
INSERT INTO "studies" VALUES(1,'co-pfl');
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
INSERT INTO "trial_intermediate_values" VALUES(1,1,1,1.3394671994671997206e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(2,1,2,1.36202297702297719927e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(3,1,3,1.87440392940392969167e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(4,1,4,3.06098318348318354509e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(5,1,5,4.31619796869796845673e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(6,1,6,4.57501248751248756896e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(7,1,7,4.61621628371628400788e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(8,1,8,4.81830502830502771516e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(9,1,9,5.36261821511821556995e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(10,1,10,5.73615717615717723987e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(11,1,11,5.72987512487512562486e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(12,1,12,5.9013361638361638839e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(13,1,13,6.03972360972361066444e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(14,1,14,6.03931235431235502453e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(15,1,15,0.622424741924742,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(16,1,16,6.32280885780885815172e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(17,1,17,6.23406343656343731041e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(18,1,18,0.631754329004329,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(19,1,19,6.28935647685647691851e-01,'FINITE');
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
INSERT INTO "trial_params" VALUES(1,1,'lr',2.42793119536907083628e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(2,1,'p',9.8413281356836149194e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(3,1,'gamma',0.429437373999643,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
CREATE TABLE trial_system_attributes (
	trial_system_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_system_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_system_attributes" VALUES(1,1,'completed_rung_0','0.45750124875124876');
INSERT INTO "trial_system_attributes" VALUES(2,1,'completed_rung_1','0.631754329004329');
CREATE TABLE trial_user_attributes (
	trial_user_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_user_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
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
INSERT INTO "trials" VALUES(1,0,1,'RUNNING','2026-11-27 03:59:18.278292',NULL);
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
