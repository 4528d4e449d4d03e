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
INSERT INTO "studies" VALUES(1,'fedrep');
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
INSERT INTO "trial_intermediate_values" VALUES(1,1,1,6.39038461538461444177e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(2,1,2,9.93553113553113376177e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(3,1,3,1.76686313686313711812e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(4,1,4,2.38611721611721644409e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(5,1,5,3.00398684648684632936e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(6,1,6,3.82647852147852185478e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(7,1,7,4.13216033966033957636e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(8,1,8,4.62524642024642052007e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(9,1,9,5.1552089577089577066e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(10,1,10,5.16890526140526107568e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(11,1,11,5.59303946053946066108e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(12,1,12,5.60814851814851800249e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(13,1,13,5.75290542790542813733e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(14,1,14,5.99084915084915126115e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(15,1,15,6.00573010323010358924e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(16,1,16,0.612504329004329,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(17,1,17,0.623682400932401,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(18,1,18,6.19061188811188878311e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(19,1,19,6.22491924741924718134e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(20,1,20,6.24337162837162895634e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(21,2,1,1.72961038961038982009e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(22,2,2,2.83026889776889778449e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(23,2,3,3.59376789876789837219e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(24,2,4,4.46101565101565067372e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(25,2,5,5.05451714951714925483e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(26,2,6,0.555011322011322,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(27,2,7,5.95149933399933495081e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(28,2,8,0.616149433899434,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(29,2,9,6.41813353313353318618e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(30,2,10,6.37971361971362060927e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(31,2,11,6.48991924741924797181e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(32,2,12,6.5320621045621052314e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(33,2,13,6.5314668664668662501e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(34,2,14,6.50197052947052878124e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(35,2,15,6.5083716283716286366e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(36,2,16,6.51232767232767351117e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(37,2,17,0.655027639027639,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(38,2,18,0.65633991008991,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(39,2,19,6.49066100566100590008e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(40,2,20,6.52816100566100510071e-01,'FINITE');
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
INSERT INTO "trial_params" VALUES(1,1,'lr',2.16047204933065076226e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(2,1,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(3,1,'head_epochs',7.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(4,2,'lr',9.38646435830109565623e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(5,2,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(6,2,'head_epochs',4.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
CREATE TABLE trial_system_attributes (
	trial_system_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_system_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_system_attributes" VALUES(1,1,'completed_rung_0','0.3826478521478522');
INSERT INTO "trial_system_attributes" VALUES(2,1,'completed_rung_1','0.6190611888111889');
INSERT INTO "trial_system_attributes" VALUES(3,2,'completed_rung_0','0.2830268897768898');
INSERT INTO "trial_system_attributes" VALUES(4,2,'completed_rung_1','0.555011322011322');
INSERT INTO "trial_system_attributes" VALUES(5,2,'completed_rung_2','0.65633991008991');
CREATE TABLE trial_user_attributes (
	trial_user_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_user_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_user_attributes" VALUES(1,1,'seconds','179.837');
INSERT INTO "trial_user_attributes" VALUES(2,1,'val_loss','3.4720232089106497');
INSERT INTO "trial_user_attributes" VALUES(3,1,'round','20');
INSERT INTO "trial_user_attributes" VALUES(4,1,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(5,2,'seconds','149.985');
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
INSERT INTO "trial_values" VALUES(1,1,0,6.24337162837162895634e-01,'FINITE');
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
INSERT INTO "trials" VALUES(1,0,1,'COMPLETE','2026-11-27 02:36:02.207807','2026-11-27 02:39:02.144127');
INSERT INTO "trials" VALUES(2,1,1,'RUNNING','2026-11-27 02:39:02.157832',NULL);
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
